#version 300 es
precision highp float;
uniform sampler2D volumeCache;
uniform sampler2D analyticalGeo;
uniform int volumeSize;
uniform float threshold;
layout(location = 0) out vec4 color;
layout(location = 1) out vec4 geoOut;
void main() {
    vec4 v = texelFetch(volumeCache, ivec2(0, volumeSize * volumeSize - 1), 0);
    color = vec4(v.r, threshold, float(textureSize(volumeCache, 0).y) / 64.0, 1.0);
    geoOut = texelFetch(analyticalGeo, ivec2(0, 0), 0);
}
