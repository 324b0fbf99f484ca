/*{
  "DESCRIPTION": "A two-image transition: startImage where x is above progress, endImage below it (progress 0 shows startImage, 1 endImage).",
  "ISFVSN": "2",
  "CATEGORIES": ["Transition"],
  "INPUTS": [
    {"NAME": "startImage", "TYPE": "image"},
    {"NAME": "endImage", "TYPE": "image"},
    {"NAME": "progress", "TYPE": "float", "DEFAULT": 0.5, "MIN": 0.0, "MAX": 1.0}
  ]
}*/
void main() {
    vec2 uv = vv_FragNormCoord;
    gl_FragColor = uv.x < progress ? IMG_NORM_PIXEL(endImage, uv) : IMG_NORM_PIXEL(startImage, uv);
}
