# source: https://github.com/hrkhak/DCGAN_generate_sunflower/blob/13ac0a53ff195692b54dc96435f06afa7b7ed7a3/Loadandpreparethedataset.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
SIDE = 256

raw_images = np.asarray([np.asarray(
    Image.open(path).resize((SIDE, SIDE))
) for path in glob(FLOWER_DIR + '*')])
print("decoded images:", raw_images.shape)

np.random.shuffle(raw_images)

train_imgs = raw_images.reshape(raw_images.shape[0], 256, 256, 3).astype('float32')
train_imgs = (train_imgs - 127.5) / 127.5

POOL = raw_images.shape[0]
train_ds = tf.data.Dataset.from_tensor_slices(train_imgs).shuffle(POOL).batch(BATCH)
