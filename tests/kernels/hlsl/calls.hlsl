// Convergent helpers called under divergent and uniform conditions, with
// early returns and a switch.
RWStructuredBuffer<uint> Out : register(u0);

uint reduceIf(bool c, uint v) {
  if (!c)
    return v;
  return WaveActiveSum(v);
}

uint pick(uint sel, uint v) {
  switch (sel) {
  case 0: return WaveActiveMax(v);
  case 1: return WaveActiveMin(v);
  case 2: return WaveReadLaneAt(v, 3);
  default: return v + 1;
  }
}

uint nested(uint v) {
  uint r = 0;
  for (uint i = 0; i < 3; i++) {
    for (uint j = 0; j < v % 5; j++) {
      if (j == i)
        continue;
      r += WaveActiveCountBits((v >> j) & 1);
    }
    if (r > 40)
      return r;
  }
  return r + reduceIf(true, r);
}

[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint v = id.x;
  uint a = reduceIf(v & 1, v);
  uint b = pick(v % 4, a);
  uint c = pick(2, b);
  uint d = nested(c);
  if (WaveActiveAllTrue(d != 0))
    d = reduceIf(false, d);
  Out[id.x] = a + b + c + d;
}
