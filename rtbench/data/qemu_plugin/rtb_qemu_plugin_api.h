/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The few QEMU TCG plugin API declarations rtbench's plugins call (plugin API version 1, QEMU
 * 7.2), written here so that the plugins build with the host's C compiler alone: Debian's QEMU
 * packages ship no plugin header. Included by one source file of each plugin. */
#ifndef RTB_QEMU_PLUGIN_API_H
#define RTB_QEMU_PLUGIN_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint64_t qemu_plugin_id_t;
typedef uint32_t qemu_plugin_meminfo_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
struct qemu_info_t;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS };
enum qemu_plugin_mem_rw { QEMU_PLUGIN_MEM_RW = 3 };
typedef void (*rtb_tb_cb)(qemu_plugin_id_t, struct qemu_plugin_tb *);
typedef void (*rtb_insn_cb)(unsigned int, void *);
typedef void (*rtb_mem_cb)(unsigned int, qemu_plugin_meminfo_t, uint64_t, void *);
typedef void (*rtb_exit_cb)(qemu_plugin_id_t, void *);
extern void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t, rtb_tb_cb);
extern size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *);
extern struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *, size_t);
extern uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *);
extern const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *);
extern size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *);
extern void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *, rtb_insn_cb,
                                                   enum qemu_plugin_cb_flags, void *);
extern void qemu_plugin_register_vcpu_mem_cb(struct qemu_plugin_insn *, rtb_mem_cb, enum qemu_plugin_cb_flags,
                                             enum qemu_plugin_mem_rw, void *);
extern bool qemu_plugin_mem_is_store(qemu_plugin_meminfo_t);
extern void qemu_plugin_register_atexit_cb(qemu_plugin_id_t, rtb_exit_cb, void *);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

#endif
