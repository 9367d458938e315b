/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
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
/* The first option whose value was not a whole number the image can hold, as a verdict. Not
 * zeroed at reset (rtb_options_load clears it), so that it adds nothing to boot_time. */
static char bad_option[80] RTB_NOINIT;

void rtb_options_load(void)
{
    bad_option[0] = '\0';
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

static void remember_bad(const char *key)
{
    if (bad_option[0])
        return;
    static const char head[] = "option ", tail[] = " is not a whole number from 0 to 4294967295";
    size_t n = 0;
    for (const char *p = head; *p; p++)
        bad_option[n++] = *p;
    for (const char *p = key; *p && n < sizeof bad_option - sizeof tail; p++)
        bad_option[n++] = *p;
    for (const char *p = tail; *p; p++)
        bad_option[n++] = *p;
    bad_option[n] = '\0';
}

uint32_t rtb_options_u32(const char *key, uint32_t fallback)
{
    const char *text = rtb_options_text(key);
    if (!text || !*text)
        return fallback;
    uint32_t value = 0;
    for (; *text; text++) {
        uint32_t digit = (uint32_t)(*text - '0');
        if (*text < '0' || *text > '9' || value > (UINT32_MAX - digit) / 10u) {
            remember_bad(key); /* a wrapped or misread count would be stored as if it were asked for */
            return fallback;
        }
        value = value * 10u + digit;
    }
    return value;
}

const char *rtb_options_take_error(void)
{
    static char taken[sizeof bad_option] RTB_NOINIT;
    if (!bad_option[0])
        return 0;
    memcpy(taken, bad_option, sizeof bad_option);
    bad_option[0] = '\0';
    return taken;
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
