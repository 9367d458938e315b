/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The framed sample stream to the host (docs/protocol.md). */
#ifndef RTB_STREAM_H
#define RTB_STREAM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    const char *key;
    const char *text;  /* a string field, or NULL when `number` is used */
    int64_t number;
} rtb_field;

#define RTB_STR(k, v) ((rtb_field){.key = (k), .text = (v)})
#define RTB_NUM(k, v) ((rtb_field){.key = (k), .text = 0, .number = (int64_t)(v)})

void rtb_stream_record(const char *type, const rtb_field *fields, unsigned count);
void rtb_stream_samples(const int32_t *values, unsigned count);
void rtb_stream_meta(const char *key, const char *value);
uint32_t rtb_crc32(uint32_t crc, const char *data, unsigned len);

#ifdef __cplusplus
}
#endif

#endif
