// Ballots and lane reads around a while loop whose exit each lane takes at
// its own iteration; values computed before the loop are used after it.
RWStructuredBuffer<uint> Out : register(u0);
RWStructuredBuffer<uint> In : register(u1);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint x = In[id.x];
  uint4 before = WaveActiveBallot(x > 7);
  uint steps = 0;
  while (x != 1 && steps < 16) {
    x = (x & 1) ? 3 * x + 1 : x / 2;
    steps++;
    uint4 still = WaveActiveBallot(true);
    if (still.x == before.x)
      break;
  }
  uint total = WaveActiveSum(steps);
  if (id.x < 8) {
    uint4 late = WaveActiveBallot(steps > 3);
    total += late.x + late.y;
  }
  Out[id.x] = total + before.x;
}
