/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Reads the timing model's parameter file: one `key value...` per line, written by the host
 * (rtbench/acquire/cycle_model.py) from the core's table and the image. */
#include <stdlib.h>
#include <string.h>

#include "rtb_cm_model.h"

static int kind_named(const char *name)
{
    for (int k = 0; k < RTB_K_COUNT; k++)
        if (!strcmp(rtb_kind_names[k], name))
            return k;
    return -1;
}

static uint16_t *scalar(rtb_cm_params *p, const char *key)
{
    static const char *const names[] = {"store_regoff", "pipeline_loads", "agu_stall", "store_then_load",
                                        "unaligned_wide", "entry", "exit", "tailchain", "ws"};
    uint16_t *fields[] = {&p->store_regoff, &p->pipeline_loads, &p->agu_stall, &p->store_then_load,
                          &p->unaligned_wide, &p->entry, &p->exit, &p->tailchain, &p->ws};
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(names[i], key))
            return fields[i];
    return 0;
}

/* A class's cost or taken cost (`cost.load 2`); 0 when the key is not one. */
static int class_value(rtb_cm_params *p, const char *key, unsigned long value)
{
    int table = !strncmp(key, "cost.", 5) ? 1 : !strncmp(key, "taken.", 6) ? 2 : 0;
    if (!table)
        return 0;
    int k = kind_named(strchr(key, '.') + 1);
    if (k < 0)
        return -1;
    (table == 1 ? p->cost : p->taken)[k] = (uint16_t)value;
    return 1;
}

static int address_value(rtb_cm_params *p, const char *key, unsigned long a, unsigned long b)
{
    if (!strcmp(key, "flash"))
        p->flash_lo = (uint32_t)a, p->flash_hi = (uint32_t)b;
    else if (!strcmp(key, "buffer"))
        p->buffer_lo = (uint32_t)a, p->buffer_hi = (uint32_t)b;
    else if (!strcmp(key, "ts"))
        p->ts = (uint32_t)a;
    else if (!strcmp(key, "ts_store"))
        p->ts_store = (uint32_t)a;
    else if (!strcmp(key, "begin"))
        p->begin = (uint32_t)a;
    else if (!strcmp(key, "span") && p->nspans < sizeof p->spans_lo / sizeof p->spans_lo[0])
        p->spans_lo[p->nspans] = (uint32_t)a, p->spans_hi[p->nspans++] = (uint32_t)b;
    else if (!strcmp(key, "late") && p->nlate < sizeof p->late / sizeof p->late[0])
        p->late[p->nlate++] = (uint32_t)a & ~1u;
    else if (!strcmp(key, "handler") && p->nhandlers < RTB_CM_MAX_HANDLERS)
        p->handlers[p->nhandlers++] = (uint32_t)a & ~1u;
    else if (!strcmp(key, "magic") && p->nmagic < sizeof p->magic / sizeof p->magic[0])
        p->magic[p->nmagic++] = (uint32_t)a;
    else
        return 0;
    return 1;
}

static int line_value(rtb_cm_params *p, char *line)
{
    char *key = strtok(line, " \t\r\n");
    char *first = strtok(0, " \t\r\n");
    char *second = strtok(0, " \t\r\n");
    if (!key || key[0] == '#')
        return 1;
    if (!first)
        return -1;
    unsigned long a = strtoul(first, 0, 0), b = second ? strtoul(second, 0, 0) : 0;
    uint16_t *field = scalar(p, key);
    if (field) {
        *field = (uint16_t)a;
        return 1;
    }
    int found = class_value(p, key, a);
    if (found)
        return found;
    return address_value(p, key, a, b) || !strcmp(key, "core") || !strcmp(key, "version") ? 1 : -1;
}

int rtb_cm_params_read(const char *path, rtb_cm_params *p, char *error, size_t error_size)
{
    FILE *in = fopen(path, "r");
    if (!in) {
        snprintf(error, error_size, "cannot open the parameter file %s", path);
        return -1;
    }
    memset(p, 0, sizeof *p);
    char line[256];
    unsigned number = 0;
    int ok = 1;
    while (ok && fgets(line, sizeof line, in)) {
        number++;
        if (line_value(p, line) < 0) {
            snprintf(error, error_size, "%s:%u: not a parameter of the model", path, number);
            ok = 0;
        }
    }
    fclose(in);
    return ok ? 0 : -1;
}
