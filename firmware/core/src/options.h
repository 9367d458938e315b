#ifndef RTB_OPTIONS_H
#define RTB_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

void rtb_options_load(void);
const char *rtb_options_text(const char *key);
uint32_t rtb_options_u32(const char *key, uint32_t fallback);
/* Whether the comma-separated list under `key` names `name`. */
bool rtb_options_list_has(const char *key, const char *name);

#endif
