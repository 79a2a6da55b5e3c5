// Wave operations in loops: a reduction in a loop with a divergent exit, a
// count of live lanes per iteration, a loop whose trip count is uniform.
RWStructuredBuffer<uint> Out : register(u0);
groupshared uint Shared[64];

uint firstBelow(uint v, uint n) {
  uint acc = 0;
  for (uint i = 0; i < n; i++) {
    if (v < i) {
      acc += WaveActiveSum(i);
      break;
    }
    acc += WaveActiveCountBits(v > i);
  }
  return acc;
}

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint lane = WaveGetLaneIndex();
  uint acc = firstBelow(id.x & 15, 8);
  for (uint j = 0; j < 4; j++) {
    Shared[lane] = acc + j;
    GroupMemoryBarrierWithGroupSync();
    acc += Shared[(lane + 1) & 63];
    if (WaveActiveAnyTrue(acc > 100))
      acc = WaveActiveMin(acc);
  }
  uint k = 0;
  do {
    acc ^= WaveReadLaneAt(acc, k);
    k++;
  } while (k < (id.x & 3));
  if (WaveIsFirstLane())
    Out[0] = WaveActiveMax(acc);
  Out[id.x + 1] = acc;
}
