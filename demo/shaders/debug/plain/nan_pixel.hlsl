// debug_effect fixture: an HLSL pixel shader (entry PSMain, named in nan_pixel.hlsl.json); columns x >= 32 divide
// 0 by 0 on line 9.
float zero;
float level;

float4 PSMain(float4 pos : SV_Position) : SV_Target
{
    float v = level;
    if (pos.x > 32.0) v = zero / zero;
    return float4(v, 0.25, 0.5, 1.0);
}
