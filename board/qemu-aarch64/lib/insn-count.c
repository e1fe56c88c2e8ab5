// A QEMU TCG plugin counting the guest instructions a program executes, every thread's, for scripts/pi-figure.
// Debian ships no QEMU plugin, and no header for them: the few declarations used are written here from QEMU's
// plugin API documentation (docs/devel/tcg-plugins.rst; API version 1, QEMU 7.2 and later). Each translated block
// adds its instruction count to one atomic counter when it runs (QEMU runs a user-mode program's threads at once);
// at exit the total is written to the file `outfile=PATH` names.
//
//   gcc -shared -fPIC -O2 -o insn-count.so insn-count.c
//   qemu-aarch64 -plugin ./insn-count.so,outfile=count.txt PROGRAM...
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
typedef struct qemu_info_t qemu_info_t;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS };

extern size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
extern void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
                                                  void (*cb)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb));
extern void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb,
                                                 void (*cb)(unsigned int vcpu_index, void *userdata),
                                                 enum qemu_plugin_cb_flags flags, void *userdata);
extern void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, void (*cb)(qemu_plugin_id_t id, void *userdata),
                                           void *userdata);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

static atomic_uint_fast64_t executed;
static char outfile[4096];

static void block_ran(unsigned int vcpu_index, void *userdata) {
    (void)vcpu_index;
    atomic_fetch_add_explicit(&executed, (uint64_t)(uintptr_t)userdata, memory_order_relaxed);
}

static void block_translated(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
    (void)id;
    qemu_plugin_register_vcpu_tb_exec_cb(tb, block_ran, QEMU_PLUGIN_CB_NO_REGS,
                                         (void *)(uintptr_t)qemu_plugin_tb_n_insns(tb));
}

static void finished(qemu_plugin_id_t id, void *userdata) {
    (void)id;
    (void)userdata;
    FILE *out = fopen(outfile, "w");
    if (!out) return;
    fprintf(out, "%llu\n", (unsigned long long)atomic_load(&executed));
    fclose(out);
}

__attribute__((visibility("default"))) int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
                                                               int argc, char **argv) {
    (void)info;
    for (int i = 0; i < argc; i++) {
        if (strncmp(argv[i], "outfile=", 8) == 0) snprintf(outfile, sizeof outfile, "%s", argv[i] + 8);
    }
    if (!outfile[0]) return -1;
    qemu_plugin_register_vcpu_tb_trans_cb(id, block_translated);
    qemu_plugin_register_atexit_cb(id, finished, NULL);
    return 0;
}
