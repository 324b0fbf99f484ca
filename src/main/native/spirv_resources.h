/*
 * The descriptor-bound variables a SPIR-V module declares, read from its decorations and types, so effect_pass can
 * refuse a shader whose resources the command line does not give (a driver draws such a pipeline into a crash).
 */
#ifndef EFFECT_PASS_SPIRV_RESOURCES_H
#define EFFECT_PASS_SPIRV_RESOURCES_H

#include <stddef.h>
#include <stdint.h>

enum ResourceKind { RESOURCE_UNIFORM_BUFFER, RESOURCE_SAMPLED_IMAGE, RESOURCE_SAMPLED_CUBE, RESOURCE_OTHER };

struct Resource {
    uint32_t set, binding;
    enum ResourceKind kind;
};

/* Fills `out` with up to `max` of the module's bound variables and returns how many it declares (may exceed max). */
int spirv_resources(const uint32_t *words, size_t word_count, struct Resource *out, int max);

const char *resource_kind_name(enum ResourceKind kind);

#endif
