/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
#ifndef RTB_TEXT_H
#define RTB_TEXT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RTB_TEXT_U32_LEN 11u

/* Decimal text of `value` in `buf` (at least RTB_TEXT_U32_LEN bytes); returns buf. */
const char *rtb_text_u32(char *buf, uint32_t value);

#ifdef __cplusplus
}
#endif

#endif
