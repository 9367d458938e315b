/* The run's options: "key=value" words from the target's command line. */
#include "options.h"

#include <stdbool.h>
#include <string.h>

#include "rtb/target.h"

#define CMDLINE_MAX 1024u
#define OPTIONS_MAX 32u

static char cmdline[CMDLINE_MAX];
static const char *keys[OPTIONS_MAX];
static const char *values[OPTIONS_MAX];
static unsigned count;

void rtb_options_load(void)
{
    size_t len = rtb_target_cmdline(cmdline, CMDLINE_MAX - 1u);
    cmdline[len] = '\0';
    count = 0;
    char *p = cmdline;
    while (*p && count < OPTIONS_MAX) {
        while (*p == ' ')
            *p++ = '\0';
        if (!*p)
            break;
        char *word = p;
        while (*p && *p != ' ')
            p++;
        char *eq = strchr(word, '=');
        if (eq && eq < p) {
            *eq = '\0';
            keys[count] = word;
            values[count] = eq + 1;
            count++;
        }
    }
    if (*p)
        *p = '\0';
}

const char *rtb_options_text(const char *key)
{
    for (unsigned i = 0; i < count; i++)
        if (strcmp(keys[i], key) == 0)
            return values[i];
    return NULL;
}

uint32_t rtb_options_u32(const char *key, uint32_t fallback)
{
    const char *text = rtb_options_text(key);
    if (!text || !*text)
        return fallback;
    uint32_t value = 0;
    for (; *text; text++) {
        if (*text < '0' || *text > '9')
            return fallback;
        value = value * 10u + (uint32_t)(*text - '0');
    }
    return value;
}

bool rtb_options_list_has(const char *key, const char *name)
{
    const char *list = rtb_options_text(key);
    size_t len = strlen(name);
    while (list && *list) {
        const char *end = strchr(list, ',');
        size_t item = end ? (size_t)(end - list) : strlen(list);
        if (item == len && strncmp(list, name, len) == 0)
            return true;
        list = end ? end + 1 : NULL;
    }
    return false;
}
