/*
 * effect_pass: draws one fragment shader over a whole RGBA32F target on a headless Vulkan device (Mesa's lavapipe
 * unless the caller names another ICD), captures that frame with RenderDoc's in-application API, and writes the
 * target's float pixels, so RenderDoc's own shader debugger can step any pixel of a shader no application drew.
 *
 *   effect_pass SHADER.spv WIDTH HEIGHT PIXELS.f32 CAPTURE_TEMPLATE|- [UNIFORMS.bin]
 *
 * SHADER.spv   a fragment shader in SPIR-V, entry point "main", one vec4 output at location 0 (compile it with
 *              `glslangValidator -V -g` so the capture keeps the source and the debugger maps steps to its lines;
 *              a `#version 300 es` source needs `310 es` and its uniforms in a block).
 * WIDTH HEIGHT the target's size in pixels, 1..8192 each.
 * PIXELS.f32   written: WIDTH*HEIGHT RGBA pixels as 32-bit little-endian floats, row by row from the top row
 *              (y = 0 is gl_FragCoord.y = 0.5, Vulkan's and RenderDoc's pixel coordinates).
 * CAPTURE_TEMPLATE  RenderDoc's capture path template (it appends e.g. "_frame0.rdc"); the program loads
 *              librenderdoc.so itself and prints the capture's path as the last line on stdout. "-": no capture.
 * UNIFORMS.bin raw bytes for a uniform buffer at set 0, binding 0 (std140, as the shader's block lays them out);
 *              the buffer is zero-filled past them to at least 16 KiB, so a missing file means "every uniform 0".
 *
 * Exit 0 on success; else 1 with one line on stderr saying what failed. The driver is chosen before the Vulkan
 * loader starts: lavapipe's ICD file unless VK_DRIVER_FILES or VK_ICD_FILENAMES is already set. No signal is
 * blocked or handled, so a caller's time limit (SIGTERM/SIGKILL) stops a shader that never returns.
 *
 * Built by scripts/build-native.sh (with fullscreen.vert compiled into the header it includes).
 */
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <vulkan/vulkan.h>
#include <renderdoc_app.h>
#include "fullscreen.vert.h"

#define LAVAPIPE_ICD "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json"
enum { MAX_SIZE = 8192, MIN_UNIFORM_BYTES = 16384 };

#define VK(call) do { VkResult vr = (call); if (vr != VK_SUCCESS) die(#call, "VkResult %d", vr); } while (0)

static void die(const char *what, const char *detail_format, ...) __attribute__((format(printf, 2, 3)));

static void die(const char *what, const char *detail_format, ...) {
    va_list args;
    va_start(args, detail_format);
    fprintf(stderr, "effect_pass: %s failed: ", what);
    vfprintf(stderr, detail_format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(1);
}

struct Gpu {
    VkInstance instance;
    VkPhysicalDevice physical;
    VkDevice device;
    VkQueue queue;
    uint32_t queue_family;
};

/* A whole file in memory, its size in *size; the allocation is zero-filled up to `minimum` and a multiple of 16. */
static void *read_file(const char *path, size_t *size, size_t minimum) {
    FILE *f = fopen(path, "rb");
    if (!f) die("opening", "%s", path);
    if (fseek(f, 0, SEEK_END) != 0) die("reading", "%s", path);
    long length = ftell(f);
    if (length < 0 || length > (64L << 20)) die("reading", "%s (size %ld)", path, length);
    rewind(f);
    size_t allocated = (size_t) length > minimum ? (size_t) length : minimum;
    allocated = (allocated + 15) & ~(size_t) 15;
    unsigned char *bytes = calloc(1, allocated ? allocated : 16);
    if (!bytes || fread(bytes, 1, (size_t) length, f) != (size_t) length) die("reading", "%s", path);
    fclose(f);
    *size = (size_t) length;
    return bytes;
}

static int parse_size(const char *text, const char *name) {
    char *end;
    long value = strtol(text, &end, 10);
    if (*end || value < 1 || value > MAX_SIZE) die("parsing arguments", "%s must be 1..%d, not '%s'", name,
                                                  MAX_SIZE, text);
    return (int) value;
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

static void start(struct Gpu *gpu) {
    if (!getenv("VK_DRIVER_FILES") && !getenv("VK_ICD_FILENAMES")) {
        if (access(LAVAPIPE_ICD, R_OK) != 0) die("finding lavapipe", "no %s (Debian: mesa-vulkan-drivers)",
                                                 LAVAPIPE_ICD);
        setenv("VK_DRIVER_FILES", LAVAPIPE_ICD, 1);
        setenv("VK_ICD_FILENAMES", LAVAPIPE_ICD, 1); /* loaders older than 1.3.234 read only this one */
    }
    VkApplicationInfo about = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .pApplicationName = "effect_pass",
                               .apiVersion = VK_API_VERSION_1_1};
    VkInstanceCreateInfo info = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, .pApplicationInfo = &about};
    VK(vkCreateInstance(&info, NULL, &gpu->instance));
    uint32_t count = 1;
    VkResult found = vkEnumeratePhysicalDevices(gpu->instance, &count, &gpu->physical);
    if ((found != VK_SUCCESS && found != VK_INCOMPLETE) || !count) die("finding a Vulkan device", "%d", found);
    uint32_t families = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(gpu->physical, &families, NULL);
    VkQueueFamilyProperties props[16];
    if (families > 16) families = 16;
    vkGetPhysicalDeviceQueueFamilyProperties(gpu->physical, &families, props);
    gpu->queue_family = families;
    for (uint32_t i = 0; i < families && gpu->queue_family == families; i++)
        if (props[i].queueFlags & VK_QUEUE_GRAPHICS_BIT) gpu->queue_family = i;
    if (gpu->queue_family == families) die("finding a graphics queue", "none on the device");
    float priority = 1;
    VkDeviceQueueCreateInfo queue = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                     .queueFamilyIndex = gpu->queue_family, .queueCount = 1,
                                     .pQueuePriorities = &priority};
    VkDeviceCreateInfo device = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .queueCreateInfoCount = 1,
                                 .pQueueCreateInfos = &queue};
    VK(vkCreateDevice(gpu->physical, &device, NULL, &gpu->device));
    vkGetDeviceQueue(gpu->device, gpu->queue_family, 0, &gpu->queue);
}

static VkDeviceMemory bind_memory(struct Gpu *gpu, VkMemoryRequirements req, VkMemoryPropertyFlags flags) {
    VkPhysicalDeviceMemoryProperties props;
    vkGetPhysicalDeviceMemoryProperties(gpu->physical, &props);
    for (uint32_t i = 0; i < props.memoryTypeCount; i++) {
        if (!(req.memoryTypeBits & (1u << i)) || (props.memoryTypes[i].propertyFlags & flags) != flags) continue;
        VkMemoryAllocateInfo info = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
                                     .memoryTypeIndex = i};
        VkDeviceMemory memory;
        VK(vkAllocateMemory(gpu->device, &info, NULL, &memory));
        return memory;
    }
    die("finding a memory type", "flags 0x%x", flags);
    return VK_NULL_HANDLE;
}

/* A host-visible, coherent buffer of `size` bytes, its mapping in *mapped. */
static VkBuffer host_buffer(struct Gpu *gpu, VkBufferUsageFlags usage, VkDeviceSize size, void **mapped) {
    VkBufferCreateInfo info = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = size, .usage = usage};
    VkBuffer buffer;
    VK(vkCreateBuffer(gpu->device, &info, NULL, &buffer));
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(gpu->device, buffer, &req);
    VkDeviceMemory memory = bind_memory(gpu, req, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                                  VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    VK(vkBindBufferMemory(gpu->device, buffer, memory, 0));
    VK(vkMapMemory(gpu->device, memory, 0, size, 0, mapped));
    return buffer;
}

static VkShaderModule shader_module(struct Gpu *gpu, const uint32_t *words, size_t bytes) {
    VkShaderModuleCreateInfo info = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = bytes,
                                     .pCode = words};
    VkShaderModule module;
    VK(vkCreateShaderModule(gpu->device, &info, NULL, &module));
    return module;
}

static VkPipeline pipeline(struct Gpu *gpu, VkShaderModule fragment, VkPipelineLayout layout, VkRenderPass pass,
                           int width, int height) {
    VkPipelineShaderStageCreateInfo stages[2] = {
        {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, .stage = VK_SHADER_STAGE_VERTEX_BIT,
         .module = shader_module(gpu, fullscreen_vert, sizeof fullscreen_vert), .pName = "main"},
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
    if (argc != 6 && argc != 7)
        die("parsing arguments", "usage: effect_pass SHADER.spv WIDTH HEIGHT PIXELS.f32 CAPTURE_TEMPLATE|- "
            "[UNIFORMS.bin]");
    int width = parse_size(argv[2], "WIDTH"), height = parse_size(argv[3], "HEIGHT");
    const char *pixels_path = argv[4];
    RENDERDOC_API_1_6_0 *rdoc = strcmp(argv[5], "-") ? renderdoc_api(argv[5]) : NULL;
    size_t spirv_bytes;
    uint32_t *spirv = read_file(argv[1], &spirv_bytes, 0);
    if (spirv_bytes < 20 || spirv_bytes % 4 || spirv[0] != 0x07230203u)
        die("reading the shader", "%s is not SPIR-V", argv[1]);
    size_t uniform_bytes = 0;
    void *uniforms = argc == 7 ? read_file(argv[6], &uniform_bytes, MIN_UNIFORM_BYTES)
                               : calloc(1, MIN_UNIFORM_BYTES);
    VkDeviceSize uniform_size = uniform_bytes > MIN_UNIFORM_BYTES ? (uniform_bytes + 15) & ~(size_t) 15
                                                                   : MIN_UNIFORM_BYTES;

    struct Gpu gpu = {0};
    start(&gpu);

    VkImageCreateInfo image_info = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
        .format = VK_FORMAT_R32G32B32A32_SFLOAT, .extent = {(uint32_t) width, (uint32_t) height, 1}, .mipLevels = 1,
        .arrayLayers = 1, .samples = VK_SAMPLE_COUNT_1_BIT, .tiling = VK_IMAGE_TILING_OPTIMAL,
        .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT};
    VkImage image;
    VK(vkCreateImage(gpu.device, &image_info, NULL, &image));
    VkMemoryRequirements image_req;
    vkGetImageMemoryRequirements(gpu.device, image, &image_req);
    VK(vkBindImageMemory(gpu.device, image, bind_memory(&gpu, image_req, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT), 0));
    VkImageViewCreateInfo view_info = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = image,
                                       .viewType = VK_IMAGE_VIEW_TYPE_2D, .format = image_info.format,
                                       .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
    VkImageView view;
    VK(vkCreateImageView(gpu.device, &view_info, NULL, &view));

    VkAttachmentDescription target = {
        .format = image_info.format, .samples = VK_SAMPLE_COUNT_1_BIT, .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
        .storeOp = VK_ATTACHMENT_STORE_OP_STORE, .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
        .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE, .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
        .finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL};
    VkAttachmentReference target_ref = {0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    VkSubpassDescription subpass = {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                                    .colorAttachmentCount = 1, .pColorAttachments = &target_ref};
    /* The copy after the pass reads what the pass wrote. */
    VkSubpassDependency after = {0, VK_SUBPASS_EXTERNAL, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                                 VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
                                 VK_ACCESS_TRANSFER_READ_BIT, 0};
    VkRenderPassCreateInfo pass_info = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO, .attachmentCount = 1,
                                        .pAttachments = &target, .subpassCount = 1, .pSubpasses = &subpass,
                                        .dependencyCount = 1, .pDependencies = &after};
    VkRenderPass pass;
    VK(vkCreateRenderPass(gpu.device, &pass_info, NULL, &pass));
    VkFramebufferCreateInfo fb_info = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, .renderPass = pass,
                                       .attachmentCount = 1, .pAttachments = &view, .width = (uint32_t) width,
                                       .height = (uint32_t) height, .layers = 1};
    VkFramebuffer framebuffer;
    VK(vkCreateFramebuffer(gpu.device, &fb_info, NULL, &framebuffer));

    void *uniform_mapped;
    VkBuffer uniform_buffer = host_buffer(&gpu, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, uniform_size, &uniform_mapped);
    memcpy(uniform_mapped, uniforms, uniform_size);
    VkDescriptorSetLayoutBinding binding = {0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, VK_SHADER_STAGE_FRAGMENT_BIT,
                                            NULL};
    VkDescriptorSetLayoutCreateInfo set_layout_info = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                                       .bindingCount = 1, .pBindings = &binding};
    VkDescriptorSetLayout set_layout;
    VK(vkCreateDescriptorSetLayout(gpu.device, &set_layout_info, NULL, &set_layout));
    VkDescriptorPoolSize pool_size = {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1};
    VkDescriptorPoolCreateInfo pool_info = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 1,
                                            .poolSizeCount = 1, .pPoolSizes = &pool_size};
    VkDescriptorPool descriptor_pool;
    VK(vkCreateDescriptorPool(gpu.device, &pool_info, NULL, &descriptor_pool));
    VkDescriptorSetAllocateInfo set_info = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                            .descriptorPool = descriptor_pool, .descriptorSetCount = 1,
                                            .pSetLayouts = &set_layout};
    VkDescriptorSet set;
    VK(vkAllocateDescriptorSets(gpu.device, &set_info, &set));
    VkDescriptorBufferInfo uniform_info = {uniform_buffer, 0, uniform_size};
    VkWriteDescriptorSet write = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set,
                                  .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
                                  .pBufferInfo = &uniform_info};
    vkUpdateDescriptorSets(gpu.device, 1, &write, 0, NULL);
    VkPipelineLayoutCreateInfo layout_info = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                              .setLayoutCount = 1, .pSetLayouts = &set_layout};
    VkPipelineLayout layout;
    VK(vkCreatePipelineLayout(gpu.device, &layout_info, NULL, &layout));
    VkPipeline effect = pipeline(&gpu, shader_module(&gpu, spirv, spirv_bytes), layout, pass, width, height);

    VkDeviceSize pixel_bytes = (VkDeviceSize) width * height * 4 * sizeof(float);
    void *pixels;
    VkBuffer readback = host_buffer(&gpu, VK_BUFFER_USAGE_TRANSFER_DST_BIT, pixel_bytes, &pixels);

    VkCommandPoolCreateInfo command_pool_info = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                                 .queueFamilyIndex = gpu.queue_family};
    VkCommandPool command_pool;
    VK(vkCreateCommandPool(gpu.device, &command_pool_info, NULL, &command_pool));
    VkCommandBufferAllocateInfo command_info = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                                .commandPool = command_pool,
                                                .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1};
    VkCommandBuffer cmd;
    VK(vkAllocateCommandBuffers(gpu.device, &command_info, &cmd));

    if (rdoc) rdoc->StartFrameCapture(RENDERDOC_DEVICEPOINTER_FROM_VKINSTANCE(gpu.instance), NULL);
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
    VK(vkBeginCommandBuffer(cmd, &begin));
    VkClearValue clear = {.color = {{0.0f, 0.0f, 0.0f, 0.0f}}};
    VkRenderPassBeginInfo pass_begin = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO, .renderPass = pass,
                                        .framebuffer = framebuffer,
                                        .renderArea = {{0, 0}, {(uint32_t) width, (uint32_t) height}},
                                        .clearValueCount = 1, .pClearValues = &clear};
    vkCmdBeginRenderPass(cmd, &pass_begin, VK_SUBPASS_CONTENTS_INLINE);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, effect);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 0, 1, &set, 0, NULL);
    vkCmdDraw(cmd, 3, 1, 0, 0);
    vkCmdEndRenderPass(cmd);
    VkBufferImageCopy region = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                                .imageExtent = {(uint32_t) width, (uint32_t) height, 1}};
    vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback, 1, &region);
    VkBufferMemoryBarrier to_host = {.sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
                                     .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                                     .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
                                     .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                     .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED, .buffer = readback,
                                     .size = VK_WHOLE_SIZE};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 0, NULL, 1, &to_host,
                         0, NULL);
    VK(vkEndCommandBuffer(cmd));
    VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cmd};
    VK(vkQueueSubmit(gpu.queue, 1, &submit, VK_NULL_HANDLE));
    VK(vkQueueWaitIdle(gpu.queue));
    char capture[4096] = "";
    if (rdoc) {
        if (!rdoc->EndFrameCapture(RENDERDOC_DEVICEPOINTER_FROM_VKINSTANCE(gpu.instance), NULL))
            die("EndFrameCapture", "RenderDoc captured nothing (is its Vulkan layer installed?)");
        uint32_t length = sizeof capture;
        if (!rdoc->GetCapture(rdoc->GetNumCaptures() - 1, capture, &length, NULL))
            die("GetCapture", "RenderDoc names no capture");
    }

    FILE *out = fopen(pixels_path, "wb");
    if (!out || fwrite(pixels, 1, pixel_bytes, out) != pixel_bytes || fclose(out) != 0)
        die("writing the pixels", "%s", pixels_path);
    if (rdoc) printf("%s\n", capture);
    vkDeviceWaitIdle(gpu.device);
    return 0;
}
