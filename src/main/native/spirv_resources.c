/* Reads a SPIR-V module's bound variables; see spirv_resources.h. Layout and opcodes: the SPIR-V specification, 2.3
 * and 3.32. */
#include "spirv_resources.h"

#include <stdlib.h>

enum {
    OP_TYPE_IMAGE = 25, OP_TYPE_SAMPLED_IMAGE = 27, OP_TYPE_STRUCT = 30, OP_TYPE_POINTER = 32, OP_VARIABLE = 59,
    OP_DECORATE = 71, DECORATION_BINDING = 33, DECORATION_DESCRIPTOR_SET = 34, STORAGE_UNIFORM_CONSTANT = 0,
    STORAGE_UNIFORM = 2, DIM_2D = 1, DIM_CUBE = 3
};

const char *resource_kind_name(enum ResourceKind kind) {
    return kind == RESOURCE_UNIFORM_BUFFER ? "uniform buffer"
           : kind == RESOURCE_SAMPLED_IMAGE ? "sampler2D"
           : kind == RESOURCE_SAMPLED_CUBE ? "samplerCube"
                                           : "resource";
}

int spirv_resources(const uint32_t *words, size_t word_count, struct Resource *out, int max) {
    uint32_t bound = words[3];
    if (bound > (1u << 22)) return 0;
    /* Per id: binding + 1 (0: none), descriptor set, the type a pointer or sampled image refers to, the opcode
     * that declared a type, and whether an image type is a plain 2D (1) or cube (2) one (not arrayed, not
     * multisampled). */
    uint32_t *binding = calloc(bound, sizeof *binding), *set = calloc(bound, sizeof *set);
    uint32_t *pointee = calloc(bound, sizeof *pointee), *type_op = calloc(bound, sizeof *type_op);
    unsigned char *plain_2d = calloc(bound, 1);
    int found = 0;
    if (!binding || !set || !pointee || !type_op || !plain_2d) goto done;
    for (int pass = 0; pass < 2; pass++) {
        /* Decorations and types come before the variables in a valid module; two passes keep this order-free. */
        for (size_t i = 5; i < word_count;) {
            uint32_t count = words[i] >> 16, op = words[i] & 0xFFFF;
            if (count == 0 || i + count > word_count) break;
            const uint32_t *w = words + i;
            if (pass == 0 && op == OP_DECORATE && count >= 4 && w[1] < bound) {
                if (w[2] == DECORATION_BINDING) binding[w[1]] = w[3] + 1;
                if (w[2] == DECORATION_DESCRIPTOR_SET) set[w[1]] = w[3];
            } else if (pass == 0 && (op == OP_TYPE_IMAGE || op == OP_TYPE_SAMPLED_IMAGE || op == OP_TYPE_STRUCT)
                       && count >= 2 && w[1] < bound) {
                type_op[w[1]] = op;
                if (op == OP_TYPE_IMAGE && count >= 9 && !w[5] && !w[6])
                    plain_2d[w[1]] = w[3] == DIM_2D ? 1 : w[3] == DIM_CUBE ? 2 : 0;
                if (op == OP_TYPE_SAMPLED_IMAGE && count >= 3) pointee[w[1]] = w[2];
            } else if (pass == 0 && op == OP_TYPE_POINTER && count >= 4 && w[1] < bound) {
                pointee[w[1]] = w[3];
            } else if (pass == 1 && op == OP_VARIABLE && count >= 4 && w[2] < bound && w[1] < bound
                       && binding[w[2]]) {
                uint32_t type = pointee[w[1]] < bound ? pointee[w[1]] : 0;
                uint32_t image = type_op[type] == OP_TYPE_SAMPLED_IMAGE && pointee[type] < bound ? pointee[type] : 0;
                enum ResourceKind kind = w[3] == STORAGE_UNIFORM && type_op[type] == OP_TYPE_STRUCT
                    ? RESOURCE_UNIFORM_BUFFER
                    : w[3] != STORAGE_UNIFORM_CONSTANT ? RESOURCE_OTHER
                    : plain_2d[image] == 1 ? RESOURCE_SAMPLED_IMAGE
                    : plain_2d[image] == 2 ? RESOURCE_SAMPLED_CUBE : RESOURCE_OTHER;
                if (found < max) out[found] = (struct Resource) {set[w[2]], binding[w[2]] - 1, kind};
                found++;
            }
            i += count;
        }
    }
done:
    free(binding);
    free(set);
    free(pointee);
    free(type_op);
    free(plain_2d);
    return found;
}
