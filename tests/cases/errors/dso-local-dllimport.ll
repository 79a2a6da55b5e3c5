; expect: 2:35: dso_location and DLL-StorageClass mismatch
@g = external dso_local dllimport global i32
