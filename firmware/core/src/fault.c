/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Reports a processor fault to the host, then ends the program with status 3. */
#include "rtb/fault.h"

#include "rtb/stream.h"
#include "rtb/target.h"

static const char *hex(char *buf, uint32_t value)
{
    buf[0] = '0';
    buf[1] = 'x';
    for (int i = 0; i < 8; i++)
        buf[2 + i] = "0123456789abcdef"[(value >> (28 - 4 * i)) & 0xFu];
    buf[10] = '\0';
    return buf;
}

_Noreturn void rtb_core_fault(const rtb_fault_info *info)
{
    char b[7][11];
    rtb_field fields[] = {
        RTB_STR("kind", info->kind),           RTB_STR("pc", hex(b[0], info->pc)),
        RTB_STR("lr", hex(b[1], info->lr)),    RTB_STR("psr", hex(b[2], info->psr)),
        RTB_STR("cfsr", hex(b[3], info->cfsr)), RTB_STR("hfsr", hex(b[4], info->hfsr)),
        RTB_STR("mmfar", hex(b[5], info->mmfar)), RTB_STR("bfar", hex(b[6], info->bfar)),
    };
    rtb_stream_record("FAULT", fields, sizeof fields / sizeof fields[0]);
    rtb_target_exit(3);
}
