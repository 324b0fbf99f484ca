/*{
  "DESCRIPTION": "Audio-reactive: the top half shows the waveform's level per column, the bottom half the FFT magnitude per column, as grey.",
  "ISFVSN": "2",
  "INPUTS": [
    {"NAME": "wave", "TYPE": "audio"},
    {"NAME": "spectrum", "TYPE": "audioFFT", "MAX": 64}
  ]
}*/
void main() {
    vec2 uv = isf_FragNormCoord;
    float v = uv.y > 0.5 ? IMG_NORM_PIXEL(wave, vec2(uv.x, 0.25)).r : IMG_NORM_PIXEL(spectrum, vec2(uv.x, 0.25)).r;
    gl_FragColor = vec4(vec3(v), 1.0);
}
