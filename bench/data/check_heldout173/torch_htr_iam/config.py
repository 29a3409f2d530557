


k = 1
cnn_cfg = [(2, 64), 'M', (4, 128), 'M', (4, 256)]

head_cfg = (256, 3)


flattening='maxpool'

stn=False

max_epochs = 240

batch_size = 20
level = "line"
fixed_size = (4 * 32, 4 * 256)


save_path = './saved_models/'
load_code = None