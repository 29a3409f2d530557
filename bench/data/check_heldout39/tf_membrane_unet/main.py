from model import *
from data import *

# (GPU pinning left out)


aug_args = dict(rotation_range=0.2,
                    width_shift_range=0.05,
                    height_shift_range=0.05,
                    shear_range=0.05,
                    zoom_range=0.05,
                    horizontal_flip=True,
                    fill_mode='nearest')
train_gen = train_pair_generator(2,'data/membrane/train','image','label',aug_args,dump_dir = None)

unet_net = build_unet()
ckpt_cb = ModelCheckpoint('unet_membrane.hdf5', monitor='loss',verbose=1, save_best_only=True)
unet_net.fit_generator(train_gen,steps_per_epoch=300,epochs=1,callbacks=[ckpt_cb])

test_gen = test_image_generator("data/membrane/test")
pred_masks = unet_net.predict_generator(test_gen,30,verbose=1)
save_predictions("data/membrane/test",pred_masks)