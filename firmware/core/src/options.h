/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
#ifndef RTB_OPTIONS_H
#define RTB_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

void rtb_options_load(void);
const char *rtb_options_text(const char *key);
uint32_t rtb_options_u32(const char *key, uint32_t fallback);
/* The verdict for the first option read since the last call whose value was not a whole
 * number from 0 to 2^32-1 (rtb_options_u32 then returned its fallback), or NULL. */
const char *rtb_options_take_error(void);
/* Whether the comma-separated list under `key` names `name`. */
bool rtb_options_list_has(const char *key, const char *name);

#endif
