/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* Frames records as in docs/protocol.md: "RTB1 <seq> <TYPE> <fields> *<crc32>". */
#include "rtb/stream.h"

#include <stdbool.h>
#include <stddef.h>

#include "rtb/target.h"

#define LINE_MAX_LEN 320u
#define SAMPLES_PER_LINE 12u

static uint32_t next_seq;

uint32_t rtb_crc32(uint32_t crc, const char *data, unsigned len)
{
    crc = ~crc;
    for (unsigned i = 0; i < len; i++) {
        crc ^= (uint8_t)data[i];
        for (unsigned bit = 0; bit < 8; bit++)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

typedef struct {
    char text[LINE_MAX_LEN];
    unsigned len;
} line_buf;

static void put_char(line_buf *line, char c)
{
    if (line->len < LINE_MAX_LEN - 12u) /* room for " *crc\n" */
        line->text[line->len++] = c;
}

static void put_text(line_buf *line, const char *s)
{
    while (*s)
        put_char(line, *s++);
}

static void put_hex(line_buf *line, uint32_t value, unsigned digits)
{
    static const char hex[] = "0123456789abcdef";
    for (int shift = (int)(digits - 1u) * 4; shift >= 0; shift -= 4)
        put_char(line, hex[(value >> shift) & 0xFu]);
}

static void put_int(line_buf *line, int64_t value)
{
    char digits[24];
    unsigned n = 0;
    uint64_t magnitude = value < 0 ? (uint64_t)0 - (uint64_t)value : (uint64_t)value;
    do {
        digits[n++] = (char)('0' + magnitude % 10u);
        magnitude /= 10u;
    } while (magnitude);
    if (value < 0)
        put_char(line, '-');
    while (n)
        put_char(line, digits[--n]);
}

/* Percent-encodes what would break the field syntax or the line. */
static void put_value(line_buf *line, const char *s)
{
    for (; *s; s++) {
        uint8_t c = (uint8_t)*s;
        bool plain = c > 0x20u && c < 0x7fu && c != '%' && c != '=' && c != '*';
        if (plain) {
            put_char(line, (char)c);
        } else {
            put_char(line, '%');
            put_hex(line, c, 2);
        }
    }
}

static void begin_line(line_buf *line, const char *type)
{
    line->len = 0;
    put_text(line, "RTB1 ");
    put_int(line, next_seq++);
    put_char(line, ' ');
    put_text(line, type);
}

static void end_line(line_buf *line)
{
    uint32_t crc = rtb_crc32(0, line->text, line->len);
    line->text[line->len++] = ' ';
    line->text[line->len++] = '*';
    for (int shift = 28; shift >= 0; shift -= 4)
        line->text[line->len++] = "0123456789abcdef"[(crc >> shift) & 0xFu];
    line->text[line->len++] = '\n';
    rtb_target_write(line->text, line->len);
}

void rtb_stream_record(const char *type, const rtb_field *fields, unsigned count)
{
    line_buf line;
    begin_line(&line, type);
    for (unsigned i = 0; i < count; i++) {
        put_char(&line, ' ');
        put_text(&line, fields[i].key);
        put_char(&line, '=');
        if (fields[i].text)
            put_value(&line, fields[i].text[0] ? fields[i].text : "-");
        else
            put_int(&line, fields[i].number);
    }
    end_line(&line);
}

void rtb_stream_samples(const int32_t *values, unsigned count)
{
    while (count) {
        unsigned chunk = count < SAMPLES_PER_LINE ? count : SAMPLES_PER_LINE;
        line_buf line;
        begin_line(&line, "S");
        for (unsigned i = 0; i < chunk; i++) {
            put_char(&line, ' ');
            put_int(&line, values[i]);
        }
        end_line(&line);
        values += chunk;
        count -= chunk;
    }
}

void rtb_stream_meta(const char *key, const char *value)
{
    rtb_field fields[] = {RTB_STR("key", key), RTB_STR("value", value)};
    rtb_stream_record("META", fields, 2);
}
