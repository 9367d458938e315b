/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
#include "rtb/text.h"

const char *rtb_text_u32(char *buf, uint32_t value)
{
    char digits[RTB_TEXT_U32_LEN];
    unsigned n = 0, len = 0;
    do {
        digits[n++] = (char)('0' + value % 10u);
        value /= 10u;
    } while (value);
    while (n)
        buf[len++] = digits[--n];
    buf[len] = '\0';
    return buf;
}
