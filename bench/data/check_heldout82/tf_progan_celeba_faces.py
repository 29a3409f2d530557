# Progressive-growing GAN on CelebA faces: the repo's cell files joined in run order
# (imports, face extraction, npz cache, custom layers, critics, composites, data helpers, training).
from math import sqrt
from numpy import load, asarray, zeros, ones, savez_compressed
from numpy.random import randn, randint
from skimage.transform import resize
from tensorflow.keras.optimizers import Adam
from tensorflow.keras.models import Sequential, Model
from tensorflow.keras.layers import Input, Dense, Flatten, Reshape, Conv2D
from tensorflow.keras.layers import UpSampling2D, AveragePooling2D, LeakyReLU, Layer, Add
from keras.constraints import max_norm
from keras.initializers import RandomNormal
import mtcnn
from mtcnn.mtcnn import MTCNN
from keras import backend
from matplotlib import pyplot
import cv2
import os
from os import listdir
from PIL import Image
import cv2

# --- face extraction
# open one photo as an RGB array
def read_photo(path):
    photo = Image.open(path)
    photo = photo.convert('RGB')
    arr = asarray(photo)
    return arr
    
# find the first face in a photo and resize its crop
def crop_face(detector, arr, out_size=(128, 128)):
    # run the detector
    hits = detector.detect_faces(arr)
    if len(hits) == 0:
        return None
    
    # box of the first hit
    left, top, w, h = hits[0]['box']
    left, top = abs(left), abs(top)
    
    right, bottom = left + w, top + h
    crop = arr[top:bottom, left:right]
    crop_img = Image.fromarray(crop)
    crop_img = crop_img.resize(out_size)
    crop_arr = asarray(crop_img)
    
    return crop_arr
    
# walk a folder and collect up to n cropped faces
def collect_faces(folder, n_wanted):
    # detector
    detector = MTCNN()
    crops = list()
    
    for fname in os.listdir(folder):
        # read and crop
        arr = read_photo(folder + fname)
        crop = crop_face(detector, arr)
        if crop is None:
            continue
        crops.append(crop)
        print(len(crops), crop.shape)
        if len(crops) >= n_wanted:
            break
            
    return asarray(crops)

# --- build the npz cache
photo_dir = 'img_align_celeba/img_align_celeba/'
every_face = collect_faces(photo_dir, 10000)
print('collected: ', every_face.shape)

# write compressed
savez_compressed('img_align_celeba_128.npz', every_face)

# --- reopen the cache
from numpy import load
bundle = load('img_align_celeba_128.npz')
cached = bundle['arr_0']
print('cache holds: ', cached.shape)

# --- pixel-wise feature normalisation
class PixelNorm(Layer):
    # set up
    def __init__(self, **kwargs):
        super(PixelNorm, self).__init__(**kwargs)
 
    # forward
    def call(self, inputs):
        # mean of squares over channels
        sq = inputs**2.0
        sq_mean = backend.mean(sq, axis=-1, keepdims=True)
        sq_mean += 1.0e-8
        norm = backend.sqrt(sq_mean)
        scaled = inputs / norm
        return scaled
 
    # shape is unchanged
    def compute_output_shape(self, input_shape):
        return input_shape

# --- minibatch standard deviation
class BatchStd(Layer):
    # set up
    def __init__(self, **kwargs):
        super(BatchStd, self).__init__(**kwargs)
 
    # forward
    def call(self, inputs):
        mu = backend.mean(inputs, axis=0, keepdims=True)
        dev2 = backend.square(inputs - mu)
        var = backend.mean(dev2, axis=0, keepdims=True)
        var += 1e-8
        sd = backend.sqrt(var)
        
        sd_mean = backend.mean(sd, keepdims=True)
        shp = backend.shape(inputs)
        tiled = backend.tile(sd_mean, (shp[0], shp[1], shp[2], 1))
        
        joined = backend.concatenate([inputs, tiled], axis=-1)
        return joined
 
    # one extra channel
    def compute_output_shape(self, input_shape):
        input_shape = list(input_shape)
        input_shape[-1] += 1
        return tuple(input_shape)

# --- fade-in sum and the Wasserstein loss
class FadeSum(Add):
    # start with weight 0
    def __init__(self, alpha=0.0, **kwargs):
        super(FadeSum, self).__init__(**kwargs)
        self.alpha = backend.variable(alpha, name='ws_alpha')
 
    # blend two inputs
    def _merge_function(self, inputs):
        # two inputs only
        assert (len(inputs) == 2)
        # (1-a)*old + a*new
        blended = ((1.0 - self.alpha) * inputs[0]) + (self.alpha * inputs[1])
        return blended

# critic loss
def wloss(y_true, y_pred):
    return backend.mean(y_true * y_pred)

# --- grow the critic by one block
def grow_critic(prev, n_in_layers=3):
    w_init = RandomNormal(stddev=0.02)
    w_cap = max_norm(1.0)
    prev_shape = list(prev.input.shape)
    
    # twice the side of the previous input
    new_shape = (prev_shape[-2]*2, prev_shape[-2]*2, prev_shape[-1])
    img_in = Input(shape=new_shape)
    
    # 1x1 entry layer
    h = Conv2D(128, (1,1), padding='same', kernel_initializer=w_init, kernel_constraint=w_cap)(img_in)
    h = LeakyReLU(alpha=0.2)(h)
    
    # the new block
    h = Conv2D(128, (3,3), padding='same', kernel_initializer=w_init, kernel_constraint=w_cap)(h)
    h = LeakyReLU(alpha=0.2)(h)
    h = Conv2D(128, (3,3), padding='same', kernel_initializer=w_init, kernel_constraint=w_cap)(h)
    h = LeakyReLU(alpha=0.2)(h)
    h = AveragePooling2D()(h)
    fresh = h
    
    # reuse the old layers after the entry
    for k in range(n_in_layers, len(prev.layers)):
        h = prev.layers[k](h)
    straight = Model(img_in, h)
    
    straight.compile(loss=wloss, optimizer=Adam(lr=0.001, beta_1=0, beta_2=0.99, epsilon=10e-8))
    
    shrunk = AveragePooling2D()(img_in)
    
    old_path = prev.layers[1](shrunk)
    old_path = prev.layers[2](old_path)
    h = FadeSum()([old_path, fresh])
    
    for k in range(n_in_layers, len(prev.layers)):
        h = prev.layers[k](h)
        
    fading = Model(img_in, h)
    
    fading.compile(loss=wloss, optimizer=Adam(lr=0.001, beta_1=0, beta_2=0.99, epsilon=10e-8))
    return [straight, fading]

# --- all critics, one pair per resolution
def build_critics(n_levels, first_shape=(4,4,3)):
    w_init = RandomNormal(stddev=0.02)
    w_cap = max_norm(1.0)
    levels = list()
    img_in = Input(shape=first_shape)
    
    h = Conv2D(128, (1,1), padding='same', kernel_initializer=w_init, kernel_constraint=w_cap)(img_in)
    h = LeakyReLU(alpha=0.2)(h)
    h = BatchStd()(h)
    
    h = Conv2D(128, (3,3), padding='same', kernel_initializer=w_init, kernel_constraint=w_cap)(h)
    h = LeakyReLU(alpha=0.2)(h)
    h = Conv2D(128, (4,4), padding='same', kernel_initializer=w_init, kernel_constraint=w_cap)(h)
    h = LeakyReLU(alpha=0.2)(h)
    
    h = Flatten()(h)
    score = Dense(1)(h)
    
    base = Model(img_in, score)
    base.compile(loss=wloss, optimizer=Adam(lr=0.001, beta_1=0, beta_2=0.99, epsilon=10e-8))
    levels.append([base, base])
    
    for k in range(1, n_levels):
        prev = levels[k - 1][0]
        pair = grow_critic(prev)
        levels.append(pair)
        
    return levels

# --- generator-through-critic composites
def build_composites(critics, generators):
    stacks = list()
    # one pair per level
    for k in range(len(critics)):
        gens, crits = generators[k], critics[k]
        # straight-through
        crits[0].trainable = False
        s1 = Sequential()
        s1.add(gens[0])
        s1.add(crits[0])
        s1.compile(loss=wloss, optimizer=Adam(lr=0.001, beta_1=0, beta_2=0.99, epsilon=10e-8))
        # fade-in
        crits[1].trainable = False
        s2 = Sequential()
        s2.add(gens[1])
        s2.add(crits[1])
        s2.compile(loss=wloss, optimizer=Adam(lr=0.001, beta_1=0, beta_2=0.99, epsilon=10e-8))
        # keep
        stacks.append([s1, s2])
    return stacks

# --- data helpers
# open the cache and scale to [-1, 1]
def open_real(path):
    bundle = load(path)
    arr = bundle['arr_0']
    arr = arr.astype('float32')
    arr = (arr - 127.5) / 127.5
    return arr
 
# draw real images
def draw_real(pool, n):
    idx = randint(0, pool.shape[0], n)
    batch = pool[idx]
    tgt = ones((n, 1))
    return batch, tgt
 
# latent codes
def draw_latent(z_dim, n):
    z = randn(z_dim * n)
    z = z.reshape(n, z_dim)
    return z
 
# generated images with target -1
def draw_fake(gen, z_dim, n):
    z = draw_latent(z_dim, n)
    batch = gen.predict(z)
    tgt = -ones((n, 1))
    return batch, tgt
 
# set the fade weight of every FadeSum layer
def set_fade(models, step, n_steps):
    a = step / float(n_steps - 1)
    for m in models:
        for lyr in m.layers:
            if isinstance(lyr, FadeSum):
                backend.set_value(lyr.alpha, a)
                
# resize every image to the current level
def rescale_all(pool, shape):
    out = list()
    for pic in pool:
        small = resize(pic, shape, 0)
        out.append(small)
    return asarray(out)

# --- sample grid and checkpoint
def snapshot(tag, gen, z_dim, n_show=25):
    shp = gen.output_shape
    label = '%03dx%03d-%s' % (shp[1], shp[2], tag)
    
    pics, _ = draw_fake(gen, z_dim, n_show)
    pics = (pics - pics.min()) / (pics.max() - pics.min())
    
    side = int(sqrt(n_show))
    for k in range(n_show):
        pyplot.subplot(side, side, 1 + k)
        pyplot.axis('off')
        pyplot.imshow(pics[k])
        
    # write the grid
    png_name = 'plot_%s.png' % (label)
    pyplot.savefig(png_name)
    pyplot.close()
    
    h5_name = 'model_%s.h5' % (label)
    gen.save(h5_name)
    print('>wrote: %s and %s' % (png_name, h5_name))

# --- training
# one phase at one resolution
def run_phase(gen, crit, stack, pool, n_epochs, n_batch, fading=False):
    steps_per_epoch = int(pool.shape[0] / n_batch)
    total = steps_per_epoch * n_epochs
    half = int(n_batch / 2)
    
    for k in range(total):
        # move the fade weight
        if fading:
            set_fade([gen, crit, stack], k, total)
        # a real and a fake half batch
        x_real, t_real = draw_real(pool, half)
        x_fake, t_fake = draw_fake(gen, latent_dim, half)
        
        # critic steps
        c1 = crit.train_on_batch(x_real, t_real)
        c2 = crit.train_on_batch(x_fake, t_fake)
        
        # generator step through the frozen critic
        z = draw_latent(latent_dim, n_batch)
        t_gen = ones((n_batch, 1))
        g = stack.train_on_batch(z, t_gen)
        
        # progress
        print('>%d, c1=%.3f, c2=%.3f g=%.3f' % (k+1, c1, c2, g))
        
# all levels
def run_all(gens, crits, stacks, pool, z_dim, ep_norm, ep_fade, n_batch):
    g_cur, c_cur, s_cur = gens[0][0], crits[0][0], stacks[0][0]
    shp = g_cur.output_shape
    level_pool = rescale_all(pool, shp[1:])
    print('rescaled', level_pool.shape)

    # first level, straight models only
    run_phase(g_cur, c_cur, s_cur, level_pool, ep_norm[0], n_batch[0])
    snapshot('tuned', g_cur, z_dim)
    
    # every later level
    for k in range(1, len(gens)):
        # models of this level
        [g_cur, g_fade] = gens[k]
        [c_cur, c_fade] = crits[k]
        [s_cur, s_fade] = stacks[k]
        
        # images at this level's size
        shp = g_cur.output_shape
        level_pool = rescale_all(pool, shp[1:])
        print('rescaled', level_pool.shape)
        
        # fade the new block in
        run_phase(g_fade, c_fade, s_fade, level_pool, ep_fade[k], n_batch[k], True)
        snapshot('faded', g_fade, z_dim)
        
        # then train it straight
        run_phase(g_cur, c_cur, s_cur, level_pool, ep_norm[k], n_batch[k])
        snapshot('tuned', g_cur, z_dim)

# --- run: 6 levels, 4x4 up to 128x128
n_levels = 6
latent_dim = 100

crits = build_critics(n_levels)
gens = define_generator(latent_dim, n_levels)
stacks = build_composites(crits, gens)

pool = open_real('img_align_celeba_128.npz')
print('real pool', pool.shape)

batch_sizes = [16, 16, 16, 8, 4, 4]
epoch_counts = [5, 8, 8, 10, 10, 10]

run_all(gens, crits, stacks, pool, latent_dim, epoch_counts, epoch_counts, batch_sizes)
