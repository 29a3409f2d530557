# standardise the training clips
print('mean before', train_clips.mean())
norm = StandardScaler()
clips_std  = norm.fit_transform(train_clips.reshape(-1, 15*64*64))
print('mean after', clips_std.mean())
clips_std  = clips_std.reshape(-1, 15, 64, 64, 1)
print(clips_std.shape)
