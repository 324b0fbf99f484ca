/*
 * effect_pass: draws one fragment shader over a whole RGBA32F target on a headless Vulkan device (Mesa's lavapipe
 * unless the caller names another ICD), with its uniform buffer and input textures bound, captures that frame with
 * RenderDoc's in-application API, and writes the target's float pixels, so RenderDoc's own shader debugger can step
 * any pixel of a shader no application drew.
 *
 *   effect_pass --shader FRAG.spv --size W H --pixels OUT.f32 [--capture TEMPLATE] [--vertex VERT.spv]
 *               [--uniforms BINDING FILE.bin] [--input BINDING W H FILTER WRAP_S WRAP_T FILE.f32]...
 *               [--cube BINDING SIZE FILTER FILE.f32]...
 *
 * --shader FRAG.spv  a fragment shader in SPIR-V, entry point "main", one vec4 output at location 0 (compile it
 *              with `glslangValidator -V -g` so the capture keeps the source and the debugger maps steps to its
 *              lines). Every resource it reads is in descriptor set 0.
 * --size W H   the target's size in pixels, 1..8192 each.
 * --pixels OUT.f32  written: W*H RGBA pixels as 32-bit little-endian floats, row by row from the top row (y = 0 is
 *              gl_FragCoord.y = 0.5, Vulkan's and RenderDoc's pixel coordinates).
 * --capture TEMPLATE  RenderDoc's capture path template (it appends e.g. "_capture.rdc"); the program loads
 *              librenderdoc.so itself and prints the capture's path as the last line on stdout. Absent: no capture.
 * --vertex VERT.spv  a vertex shader replacing the built-in full-screen triangle: it must cover the target with 3
 *              vertices from gl_VertexIndex alone (no vertex buffer is bound).
 * --uniforms BINDING FILE.bin  raw bytes (std140, as the shader's block lays them out, at most 64 KiB) for a uniform
 *              buffer at BINDING (0..255); the buffer is zero-filled past them to at least 16 KiB (an empty file:
 *              every uniform 0). Absent: no uniform buffer is bound.
 * --input BINDING W H FILTER WRAP_S WRAP_T FILE.f32  a sampler2D at BINDING, up to 16 of them: FILE.f32 holds W*H
 *              RGBA pixels as 32-bit little-endian floats, row 0 first at texture coordinate t = 0 (the order
 *              WebGL's readPixels gives, so a GL shader's texture(s, uv) samples the same texel). One mip level,
 *              RGBA32F; FILTER nearest|linear (magnification and minification); WRAP_S, WRAP_T repeat|clamp|mirror
 *              (clamp to edge). All inputs together hold at most 1 GiB.
 * --cube BINDING SIZE FILTER FILE.f32  a samplerCube at BINDING (counted with the --input ones): FILE.f32 holds its
 *              six SIZE*SIZE faces one after the other in GL's order (+X, -X, +Y, -Y, +Z, -Z), each as --input's
 *              rows; Vulkan selects faces and their (s, t) as GL does, so the same direction samples the same texel.
 *
 * A shader (or --vertex) that reads a resource these arguments do not give, or give as another kind, is refused
 * before anything is drawn. The uniform buffer and the inputs are uploaded before the capture starts and stay bound
 * for its one draw, so RenderDoc's debugger reads them. Exit 0 on success; else 1 with one line on stderr saying
 * what failed (a bad argument: "effect_pass: parsing arguments failed: ..."). The driver is chosen before the Vulkan
 * loader starts: lavapipe's ICD file unless VK_DRIVER_FILES or VK_ICD_FILENAMES is already set. No signal is blocked
 * or handled, so a caller's time limit (SIGTERM/SIGKILL) stops a shader that never returns.
 *
 * Built by scripts/build-native.sh with vk_util.c (the Vulkan plumbing), spirv_resources.c (the bindings a module
 * reads) and fullscreen.vert compiled into the header it includes.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <renderdoc_app.h>
#include "fullscreen.vert.h"
#include "spirv_resources.h"
#include "vk_util.h"

enum { MAX_SIZE = 8192, MAX_BINDING = 255, MAX_INPUTS = 16, MIN_UNIFORM_BYTES = 16384, MAX_UNIFORM_BYTES = 65536 };
#define MAX_INPUT_BYTES (1ull << 30)
#define USAGE "usage: effect_pass --shader FRAG.spv --size W H --pixels OUT.f32 [--capture TEMPLATE] " \
              "[--vertex VERT.spv] [--uniforms BINDING FILE.bin] " \
              "[--input BINDING W H nearest|linear repeat|clamp|mirror repeat|clamp|mirror FILE.f32]... " \
              "[--cube BINDING SIZE nearest|linear FILE.f32]..."

struct Input {
    int binding, width, height, cube;
    VkFilter filter;
    VkSamplerAddressMode wrap_s, wrap_t;
    const char *path;
};

struct Args {
    const char *shader, *vertex, *pixels, *capture, *uniforms;
    int width, height, uniform_binding, input_count;
    struct Input inputs[MAX_INPUTS];
};

/* What an input becomes on the device. */
struct Texture {
    VkImage image;
    VkImageView view;
    VkSampler sampler;
};

static int parse_int(const char *text, const char *name, int min, int max) {
    char *end;
    long value = strtol(text, &end, 10);
    if (end == text || *end || value < min || value > max)
        die("parsing arguments", "%s must be %d..%d, not '%s'", name, min, max, text);
    return (int) value;
}

static VkSamplerAddressMode parse_wrap(const char *text, const char *name) {
    if (!strcmp(text, "repeat")) return VK_SAMPLER_ADDRESS_MODE_REPEAT;
    if (!strcmp(text, "clamp")) return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    if (!strcmp(text, "mirror")) return VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT;
    die("parsing arguments", "%s must be repeat, clamp or mirror, not '%s'", name, text);
}

static void set_once(const char **slot, const char *value, const char *flag) {
    if (*slot) die("parsing arguments", "%s is given twice", flag);
    *slot = value;
}

static void parse_input(struct Args *args, char **values) {
    if (args->input_count == MAX_INPUTS) die("parsing arguments", "more than %d --input", MAX_INPUTS);
    struct Input *in = &args->inputs[args->input_count++];
    in->binding = parse_int(values[0], "--input BINDING", 0, MAX_BINDING);
    in->width = parse_int(values[1], "--input W", 1, MAX_SIZE);
    in->height = parse_int(values[2], "--input H", 1, MAX_SIZE);
    if (!strcmp(values[3], "nearest")) in->filter = VK_FILTER_NEAREST;
    else if (!strcmp(values[3], "linear")) in->filter = VK_FILTER_LINEAR;
    else die("parsing arguments", "--input FILTER must be nearest or linear, not '%s'", values[3]);
    in->wrap_s = parse_wrap(values[4], "--input WRAP_S");
    in->wrap_t = parse_wrap(values[5], "--input WRAP_T");
    in->path = values[6];
    struct stat file;
    unsigned long long expected = (unsigned long long) in->width * in->height * 16;
    if (stat(in->path, &file) != 0) die("parsing arguments", "--input file %s cannot be read", in->path);
    if ((unsigned long long) file.st_size != expected)
        die("parsing arguments", "--input file %s has %lld bytes, not %d*%d*16 = %llu", in->path,
            (long long) file.st_size, in->width, in->height, expected);
}

/* --cube BINDING SIZE FILTER FILE.f32: six SIZE*SIZE faces, one after the other. */
static void parse_cube(struct Args *args, char **values) {
    if (args->input_count == MAX_INPUTS) die("parsing arguments", "more than %d --input and --cube", MAX_INPUTS);
    struct Input *in = &args->inputs[args->input_count++];
    in->cube = 1;
    in->binding = parse_int(values[0], "--cube BINDING", 0, MAX_BINDING);
    in->width = in->height = parse_int(values[1], "--cube SIZE", 1, MAX_SIZE);
    if (!strcmp(values[2], "nearest")) in->filter = VK_FILTER_NEAREST;
    else if (!strcmp(values[2], "linear")) in->filter = VK_FILTER_LINEAR;
    else die("parsing arguments", "--cube FILTER must be nearest or linear, not '%s'", values[2]);
    in->wrap_s = in->wrap_t = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    in->path = values[3];
    struct stat file;
    unsigned long long expected = 6ull * in->width * in->height * 16;
    if (stat(in->path, &file) != 0) die("parsing arguments", "--cube file %s cannot be read", in->path);
    if ((unsigned long long) file.st_size != expected)
        die("parsing arguments", "--cube file %s has %lld bytes, not 6*%d*%d*16 = %llu", in->path,
            (long long) file.st_size, in->width, in->height, expected);
}

/* The arguments, every one checked before RenderDoc or Vulkan is loaded. */
static void parse_args(int argc, char **argv, struct Args *args) {
    static const struct { const char *flag; int values; } flags[] = {
        {"--shader", 1}, {"--size", 2}, {"--pixels", 1}, {"--capture", 1}, {"--vertex", 1}, {"--uniforms", 2},
        {"--input", 7}, {"--cube", 4}};
    memset(args, 0, sizeof *args);
    args->uniform_binding = -1;
    for (int i = 1; i < argc;) {
        int values = -1;
        for (size_t f = 0; f < sizeof flags / sizeof flags[0]; f++)
            if (!strcmp(argv[i], flags[f].flag)) values = flags[f].values;
        if (values < 0) die("parsing arguments", "unknown argument '%s'; " USAGE, argv[i]);
        if (i + values >= argc) die("parsing arguments", "%s needs %d value(s)", argv[i], values);
        const char *flag = argv[i];
        char **v = argv + i + 1;
        i += 1 + values;
        if (!strcmp(flag, "--shader")) set_once(&args->shader, v[0], flag);
        else if (!strcmp(flag, "--pixels")) set_once(&args->pixels, v[0], flag);
        else if (!strcmp(flag, "--capture")) set_once(&args->capture, v[0], flag);
        else if (!strcmp(flag, "--vertex")) set_once(&args->vertex, v[0], flag);
        else if (!strcmp(flag, "--input")) parse_input(args, v);
        else if (!strcmp(flag, "--cube")) parse_cube(args, v);
        else if (!strcmp(flag, "--uniforms")) {
            set_once(&args->uniforms, v[1], flag);
            args->uniform_binding = parse_int(v[0], "--uniforms BINDING", 0, MAX_BINDING);
            struct stat file;
            if (stat(v[1], &file) != 0) die("parsing arguments", "--uniforms file %s cannot be read", v[1]);
            if (file.st_size > MAX_UNIFORM_BYTES)
                die("parsing arguments", "--uniforms file %s has %lld bytes, more than %d", v[1],
                    (long long) file.st_size, MAX_UNIFORM_BYTES);
        } else {
            if (args->width) die("parsing arguments", "--size is given twice");
            args->width = parse_int(v[0], "--size W", 1, MAX_SIZE);
            args->height = parse_int(v[1], "--size H", 1, MAX_SIZE);
        }
    }
    if (!args->shader || !args->width || !args->pixels)
        die("parsing arguments", "%s is missing; " USAGE, !args->shader ? "--shader" : !args->width ? "--size"
                                                                                                      : "--pixels");
    unsigned long long total = 0;
    for (int i = 0; i < args->input_count; i++) {
        total += (args->inputs[i].cube ? 6ull : 1ull) * args->inputs[i].width * args->inputs[i].height * 16;
        if (args->inputs[i].binding == args->uniform_binding)
            die("parsing arguments", "binding %d is given to --uniforms and --input", args->uniform_binding);
        for (int j = 0; j < i; j++)
            if (args->inputs[j].binding == args->inputs[i].binding)
                die("parsing arguments", "binding %d is given to two --input/--cube", args->inputs[i].binding);
    }
    if (total > MAX_INPUT_BYTES)
        die("parsing arguments", "the inputs hold %llu bytes, more than %llu", total, MAX_INPUT_BYTES);
}

/* Refuses a module that reads a resource the arguments do not give, or give as another kind: lavapipe draws such a
 * pipeline into a crash, with no line to say why. */
static void check_resources(const struct Args *args, const uint32_t *words, size_t bytes, const char *path) {
    struct Resource declared[64];
    int count = spirv_resources(words, bytes / 4, declared, 64);
    if (count > 64) die("reading the shader's resources", "%s declares %d, more than 64", path, count);
    for (int i = 0; i < count; i++) {
        const struct Resource *r = &declared[i];
        int given = -1;
        if (r->set == 0 && (int) r->binding == args->uniform_binding) given = RESOURCE_UNIFORM_BUFFER;
        for (int j = 0; j < args->input_count; j++)
            if (r->set == 0 && (int) r->binding == args->inputs[j].binding)
                given = args->inputs[j].cube ? RESOURCE_SAMPLED_CUBE : RESOURCE_SAMPLED_IMAGE;
        if (given < 0)
            die("matching the shader's resources", "%s reads a %s at set %u binding %u that no --uniforms, "
                "--input or --cube gives", path, resource_kind_name(r->kind), r->set, r->binding);
        if (given != r->kind)
            die("matching the shader's resources", "%s reads a %s at binding %u, given a %s", path,
                resource_kind_name(r->kind), r->binding, resource_kind_name((enum ResourceKind) given));
    }
}

/* RenderDoc's in-application API, loading librenderdoc.so before the Vulkan loader so its layer hooks the device. */
static RENDERDOC_API_1_6_0 *renderdoc_api(const char *capture_template) {
    void *library = dlopen("librenderdoc.so", RTLD_NOW | RTLD_NOLOAD);
    if (!library) library = dlopen("librenderdoc.so", RTLD_NOW | RTLD_GLOBAL);
    if (!library) die("loading librenderdoc.so", "%s", dlerror());
    pRENDERDOC_GetAPI get_api = (pRENDERDOC_GetAPI) dlsym(library, "RENDERDOC_GetAPI");
    RENDERDOC_API_1_6_0 *api = NULL;
    if (!get_api || !get_api(eRENDERDOC_API_Version_1_6_0, (void **) &api)) die("RENDERDOC_GetAPI", "no 1.6 API");
    api->SetCaptureFilePathTemplate(capture_template);
    /* RenderDoc's Vulkan layer is implicit, enabled by this variable; the loader reads it at vkCreateInstance. */
    setenv("ENABLE_VULKAN_RENDERDOC_CAPTURE", "1", 1);
    return api;
}

/* One input's file copied through a staging buffer into a sampled image, left in SHADER_READ_ONLY_OPTIMAL. */
static struct Texture upload(struct Gpu *gpu, const struct Input *in) {
    struct Texture t;
    t.image = float_images(gpu, (uint32_t) in->width, (uint32_t) in->height, in->cube,
                           VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, &t.view);
    uint32_t layers = in->cube ? 6 : 1;
    VkDeviceSize bytes = (VkDeviceSize) layers * in->width * in->height * 16;
    void *mapped;
    VkDeviceMemory memory;
    VkBuffer staging = host_buffer(gpu, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, bytes, &mapped, &memory);
    FILE *f = fopen(in->path, "rb");
    if (!f || fread(mapped, 1, bytes, f) != bytes) die("reading an input", "%s", in->path);
    fclose(f);
    VkCommandBuffer cmd = begin_commands(gpu);
    image_barrier(cmd, t.image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                  VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, 0, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT);
    /* The file's row 0 becomes the image's row 0, which Vulkan samples at t = 0, as GL samples readPixels' row 0. */
    /* A cube's faces follow one another in the file, in layer order: +X, -X, +Y, -Y, +Z, -Z, as GL numbers them. */
    VkBufferImageCopy region = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, layers},
                                .imageExtent = {(uint32_t) in->width, (uint32_t) in->height, 1}};
    vkCmdCopyBufferToImage(cmd, staging, t.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
    image_barrier(cmd, t.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
                  VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT,
                  VK_ACCESS_SHADER_READ_BIT);
    submit_and_wait(gpu, cmd);
    vkFreeCommandBuffers(gpu->device, gpu->commands, 1, &cmd);
    vkDestroyBuffer(gpu->device, staging, NULL);
    vkFreeMemory(gpu->device, memory, NULL);
    VkSamplerCreateInfo sampler = {.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO, .magFilter = in->filter,
                                   .minFilter = in->filter, .mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
                                   .addressModeU = in->wrap_s, .addressModeV = in->wrap_t,
                                   .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, .maxLod = 0};
    VK(vkCreateSampler(gpu->device, &sampler, NULL, &t.sampler));
    return t;
}

/* Set 0 with the uniform buffer (when given) and every input; VK_NULL_HANDLE (and no layout) when there is none. */
static VkDescriptorSet descriptors(struct Gpu *gpu, const struct Args *args, VkBuffer uniforms,
                                   VkDeviceSize uniform_range, const struct Texture *textures,
                                   VkDescriptorSetLayout *layout) {
    VkDescriptorSetLayoutBinding bindings[MAX_INPUTS + 1];
    VkWriteDescriptorSet writes[MAX_INPUTS + 1];
    VkDescriptorImageInfo images[MAX_INPUTS];
    VkDescriptorBufferInfo buffer = {uniforms, 0, uniform_range};
    uint32_t count = 0;
    if (uniforms != VK_NULL_HANDLE) {
        bindings[count] = (VkDescriptorSetLayoutBinding) {(uint32_t) args->uniform_binding,
                                                          VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1,
                                                          VK_SHADER_STAGE_ALL_GRAPHICS, NULL};
        writes[count++] = (VkWriteDescriptorSet) {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                                  .dstBinding = (uint32_t) args->uniform_binding,
                                                  .descriptorCount = 1,
                                                  .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
                                                  .pBufferInfo = &buffer};
    }
    for (int i = 0; i < args->input_count; i++) {
        images[i] = (VkDescriptorImageInfo) {textures[i].sampler, textures[i].view,
                                             VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
        bindings[count] = (VkDescriptorSetLayoutBinding) {(uint32_t) args->inputs[i].binding,
                                                          VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1,
                                                          VK_SHADER_STAGE_ALL_GRAPHICS, NULL};
        writes[count++] = (VkWriteDescriptorSet) {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                                  .dstBinding = (uint32_t) args->inputs[i].binding,
                                                  .descriptorCount = 1,
                                                  .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                                                  .pImageInfo = &images[i]};
    }
    *layout = VK_NULL_HANDLE;
    if (!count) return VK_NULL_HANDLE;
    VkDescriptorSetLayoutCreateInfo layout_info = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                                   .bindingCount = count, .pBindings = bindings};
    VK(vkCreateDescriptorSetLayout(gpu->device, &layout_info, NULL, layout));
    VkDescriptorPoolSize sizes[2];
    uint32_t size_count = 0;
    if (uniforms != VK_NULL_HANDLE) sizes[size_count++] = (VkDescriptorPoolSize) {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1};
    if (args->input_count)
        sizes[size_count++] = (VkDescriptorPoolSize) {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                                                      (uint32_t) args->input_count};
    VkDescriptorPoolCreateInfo pool_info = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 1,
                                            .poolSizeCount = size_count, .pPoolSizes = sizes};
    VkDescriptorPool pool;
    VK(vkCreateDescriptorPool(gpu->device, &pool_info, NULL, &pool));
    VkDescriptorSetAllocateInfo set_info = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                            .descriptorPool = pool, .descriptorSetCount = 1, .pSetLayouts = layout};
    VkDescriptorSet set;
    VK(vkAllocateDescriptorSets(gpu->device, &set_info, &set));
    for (uint32_t i = 0; i < count; i++) writes[i].dstSet = set;
    vkUpdateDescriptorSets(gpu->device, count, writes, 0, NULL);
    return set;
}

/* A render pass of one RGBA32F colour attachment, cleared, left ready for a copy out. */
static VkRenderPass render_pass(struct Gpu *gpu) {
    VkAttachmentDescription target = {
        .format = VK_FORMAT_R32G32B32A32_SFLOAT, .samples = VK_SAMPLE_COUNT_1_BIT,
        .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
        .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE, .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
        .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED, .finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL};
    VkAttachmentReference target_ref = {0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    VkSubpassDescription subpass = {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                                    .colorAttachmentCount = 1, .pColorAttachments = &target_ref};
    /* The copy after the pass reads what the pass wrote. */
    VkSubpassDependency after = {0, VK_SUBPASS_EXTERNAL, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                                 VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
                                 VK_ACCESS_TRANSFER_READ_BIT, 0};
    VkRenderPassCreateInfo info = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO, .attachmentCount = 1,
                                   .pAttachments = &target, .subpassCount = 1, .pSubpasses = &subpass,
                                   .dependencyCount = 1, .pDependencies = &after};
    VkRenderPass pass;
    VK(vkCreateRenderPass(gpu->device, &info, NULL, &pass));
    return pass;
}

static VkPipeline pipeline(struct Gpu *gpu, VkShaderModule vertex, VkShaderModule fragment, VkPipelineLayout layout,
                           VkRenderPass pass, int width, int height) {
    VkPipelineShaderStageCreateInfo stages[2] = {
        {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, .stage = VK_SHADER_STAGE_VERTEX_BIT,
         .module = vertex, .pName = "main"},
        {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
         .module = fragment, .pName = "main"}};
    VkPipelineVertexInputStateCreateInfo vertex_input = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
    VkPipelineInputAssemblyStateCreateInfo assembly = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
        .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST};
    VkViewport viewport = {0, 0, (float) width, (float) height, 0, 1};
    VkRect2D scissor = {{0, 0}, {(uint32_t) width, (uint32_t) height}};
    VkPipelineViewportStateCreateInfo viewport_state = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO, .viewportCount = 1, .pViewports = &viewport,
        .scissorCount = 1, .pScissors = &scissor};
    VkPipelineRasterizationStateCreateInfo raster = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO, .polygonMode = VK_POLYGON_MODE_FILL,
        .cullMode = VK_CULL_MODE_NONE, .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE, .lineWidth = 1};
    VkPipelineMultisampleStateCreateInfo multisample = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
        .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT};
    VkPipelineColorBlendAttachmentState all_colour = {.colorWriteMask = 0xF};
    VkPipelineColorBlendStateCreateInfo blend = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO, .attachmentCount = 1,
        .pAttachments = &all_colour};
    VkGraphicsPipelineCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, .stageCount = 2, .pStages = stages,
        .pVertexInputState = &vertex_input, .pInputAssemblyState = &assembly, .pViewportState = &viewport_state,
        .pRasterizationState = &raster, .pMultisampleState = &multisample, .pColorBlendState = &blend,
        .layout = layout, .renderPass = pass};
    VkPipeline made;
    VK(vkCreateGraphicsPipelines(gpu->device, VK_NULL_HANDLE, 1, &info, NULL, &made));
    return made;
}

int main(int argc, char **argv) {
    struct Args args;
    parse_args(argc, argv, &args);
    size_t fragment_bytes, vertex_bytes = sizeof fullscreen_vert;
    uint32_t *fragment_words = read_spirv(args.shader, "reading the shader", &fragment_bytes);
    const uint32_t *vertex_words = args.vertex ? read_spirv(args.vertex, "reading the vertex shader", &vertex_bytes)
                                               : fullscreen_vert;
    check_resources(&args, fragment_words, fragment_bytes, args.shader);
    if (args.vertex) check_resources(&args, vertex_words, vertex_bytes, args.vertex);
    RENDERDOC_API_1_6_0 *rdoc = args.capture ? renderdoc_api(args.capture) : NULL;
    size_t uniform_bytes = 0;
    void *uniforms = args.uniforms ? read_file(args.uniforms, &uniform_bytes, MIN_UNIFORM_BYTES, MAX_UNIFORM_BYTES)
                                   : NULL;
    VkDeviceSize uniform_size = uniform_bytes > MIN_UNIFORM_BYTES ? (uniform_bytes + 15) & ~(size_t) 15
                                                                   : MIN_UNIFORM_BYTES;
    uint32_t width = (uint32_t) args.width, height = (uint32_t) args.height;

    struct Gpu gpu = {0};
    gpu_start(&gpu);
    VkImageView view;
    VkImage image = float_image(&gpu, width, height,
                                VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, &view);
    VkRenderPass pass = render_pass(&gpu);
    VkFramebufferCreateInfo fb_info = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, .renderPass = pass,
                                       .attachmentCount = 1, .pAttachments = &view, .width = width,
                                       .height = height, .layers = 1};
    VkFramebuffer framebuffer;
    VK(vkCreateFramebuffer(gpu.device, &fb_info, NULL, &framebuffer));

    VkBuffer uniform_buffer = VK_NULL_HANDLE;
    if (uniforms) {
        VkPhysicalDeviceProperties props;
        vkGetPhysicalDeviceProperties(gpu.physical, &props);
        if (uniform_size > props.limits.maxUniformBufferRange)
            die("binding the uniforms", "%s has %zu bytes, more than the device's %u", args.uniforms, uniform_bytes,
                props.limits.maxUniformBufferRange);
        void *mapped;
        uniform_buffer = host_buffer(&gpu, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, uniform_size, &mapped, NULL);
        memcpy(mapped, uniforms, uniform_size);
    }
    struct Texture textures[MAX_INPUTS];
    for (int i = 0; i < args.input_count; i++) textures[i] = upload(&gpu, &args.inputs[i]);
    VkDescriptorSetLayout set_layout;
    VkDescriptorSet set = descriptors(&gpu, &args, uniform_buffer, uniform_size, textures, &set_layout);
    VkPipelineLayoutCreateInfo layout_info = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                              .setLayoutCount = set ? 1 : 0, .pSetLayouts = &set_layout};
    VkPipelineLayout layout;
    VK(vkCreatePipelineLayout(gpu.device, &layout_info, NULL, &layout));
    VkPipeline effect = pipeline(&gpu, shader_module(&gpu, vertex_words, vertex_bytes),
                                 shader_module(&gpu, fragment_words, fragment_bytes), layout, pass, args.width,
                                 args.height);
    VkDeviceSize pixel_bytes = (VkDeviceSize) width * height * 4 * sizeof(float);
    void *pixels;
    VkBuffer readback = host_buffer(&gpu, VK_BUFFER_USAGE_TRANSFER_DST_BIT, pixel_bytes, &pixels, NULL);

    /* The capture holds this one command buffer: the draw, then the copy out. */
    if (rdoc) rdoc->StartFrameCapture(RENDERDOC_DEVICEPOINTER_FROM_VKINSTANCE(gpu.instance), NULL);
    VkCommandBuffer cmd = begin_commands(&gpu);
    VkClearValue clear = {.color = {{0.0f, 0.0f, 0.0f, 0.0f}}};
    VkRenderPassBeginInfo pass_begin = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO, .renderPass = pass,
                                        .framebuffer = framebuffer, .renderArea = {{0, 0}, {width, height}},
                                        .clearValueCount = 1, .pClearValues = &clear};
    vkCmdBeginRenderPass(cmd, &pass_begin, VK_SUBPASS_CONTENTS_INLINE);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, effect);
    if (set) vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 0, 1, &set, 0, NULL);
    vkCmdDraw(cmd, 3, 1, 0, 0);
    vkCmdEndRenderPass(cmd);
    VkBufferImageCopy region = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                                .imageExtent = {width, height, 1}};
    vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback, 1, &region);
    VkBufferMemoryBarrier to_host = {.sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
                                     .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                                     .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
                                     .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                     .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED, .buffer = readback,
                                     .size = VK_WHOLE_SIZE};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 0, NULL, 1, &to_host,
                         0, NULL);
    submit_and_wait(&gpu, cmd);
    char capture[4096] = "";
    if (rdoc) {
        if (!rdoc->EndFrameCapture(RENDERDOC_DEVICEPOINTER_FROM_VKINSTANCE(gpu.instance), NULL))
            die("EndFrameCapture", "RenderDoc captured nothing (is its Vulkan layer installed?)");
        uint32_t length = sizeof capture;
        if (!rdoc->GetCapture(rdoc->GetNumCaptures() - 1, capture, &length, NULL))
            die("GetCapture", "RenderDoc names no capture");
    }

    FILE *out = fopen(args.pixels, "wb");
    if (!out || fwrite(pixels, 1, pixel_bytes, out) != pixel_bytes || fclose(out) != 0)
        die("writing the pixels", "%s", args.pixels);
    if (rdoc) printf("%s\n", capture);
    vkDeviceWaitIdle(gpu.device);
    return 0;
}
