// The few HLSL declarations these kernels use. clang-22's packages do not
// ship HLSL's headers; each name is an alias of clang's builtin.
typedef unsigned int uint;
typedef vector<unsigned int, 3> uint3;
typedef vector<unsigned int, 4> uint4;
#define WAVE_BUILTIN(x) __attribute__((clang_builtin_alias(x)))
WAVE_BUILTIN(__builtin_hlsl_wave_active_sum) uint WaveActiveSum(uint);
WAVE_BUILTIN(__builtin_hlsl_wave_active_max) uint WaveActiveMax(uint);
WAVE_BUILTIN(__builtin_hlsl_wave_active_min) uint WaveActiveMin(uint);
WAVE_BUILTIN(__builtin_hlsl_wave_is_first_lane) bool WaveIsFirstLane();
WAVE_BUILTIN(__builtin_hlsl_wave_active_any_true) bool WaveActiveAnyTrue(bool);
WAVE_BUILTIN(__builtin_hlsl_wave_active_all_true) bool WaveActiveAllTrue(bool);
WAVE_BUILTIN(__builtin_hlsl_wave_active_count_bits) uint WaveActiveCountBits(bool);
WAVE_BUILTIN(__builtin_hlsl_wave_get_lane_index) uint WaveGetLaneIndex();
WAVE_BUILTIN(__builtin_hlsl_wave_get_lane_count) uint WaveGetLaneCount();
WAVE_BUILTIN(__builtin_hlsl_wave_read_lane_at) uint WaveReadLaneAt(uint, uint);
WAVE_BUILTIN(__builtin_hlsl_wave_active_ballot) uint4 WaveActiveBallot(bool);
WAVE_BUILTIN(__builtin_hlsl_group_memory_barrier_with_group_sync) void GroupMemoryBarrierWithGroupSync();
