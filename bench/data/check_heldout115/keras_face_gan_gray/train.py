# Follows a public DCGAN face-generation notebook, adapted to 64x64 grayscale faces

from keras.models import Sequential, Model
from keras.layers import Conv2D, GaussianNoise, LeakyReLU, Dropout
from keras.layers import BatchNormalization, Flatten, Dense, Activation
from keras.layers import Conv2DTranspose, Input, Reshape
from keras.optimizers import Adam
from keras.callbacks import TensorBoard
import os
from datetime import datetime
import math
import numpy as np
from PIL import Image
from helpers import stretch, log_scalars
from tqdm import tqdm

np.random.seed(42)

img_shape = (64,64,1)
z_shape = (100,)

def make_critic():
      critic = Sequential()
      critic.add(GaussianNoise(0.01, input_shape=img_shape))
      critic.add(Conv2D(64, kernel_size=3, strides=1, padding='same'))
      critic.add(LeakyReLU(alpha=0.01))
      critic.add(Dropout(0.5))
      
      critic.add(Conv2D(128, kernel_size=3, strides=2, padding='same'))
      critic.add(BatchNormalization())
      critic.add(LeakyReLU(alpha=0.01))
      critic.add(Dropout(0.5))
      
      critic.add(Conv2D(256, kernel_size=3, strides=2, padding='same'))
      critic.add(BatchNormalization())
      critic.add(LeakyReLU(alpha=0.01))
      critic.add(Dropout(0.5))
      
      critic.add(Conv2D(512, kernel_size=3, strides=2, padding='same'))
      critic.add(BatchNormalization())
      critic.add(LeakyReLU(alpha=0.01))
      critic.add(Dropout(0.5))
      
      critic.add(Conv2D(1024, kernel_size=3, strides=2, padding='same'))
      critic.add(BatchNormalization())
      critic.add(LeakyReLU(alpha=0.01))
      critic.add(Dropout(0.5))
      
      critic.add(Flatten())
      critic.add(Dense(1))
      critic.add(Activation('sigmoid'))
      return critic

def make_painter():
      painter = Sequential()
      painter.add(Dense(8*8*1024, input_shape=z_shape))
      painter.add(Reshape((8,8,1024)))
      painter.add(BatchNormalization())
      painter.add(LeakyReLU(alpha=0.01))
      
      painter.add(Conv2DTranspose(512, kernel_size=3, strides=2, padding='same'))
      painter.add(BatchNormalization())
      painter.add(LeakyReLU(alpha=0.01))
      
      painter.add(Conv2DTranspose(256, kernel_size=3, strides=2, padding='same'))
      painter.add(BatchNormalization())
      painter.add(LeakyReLU(alpha=0.01))
      
      painter.add(Conv2DTranspose(128, kernel_size=3, strides=2, padding='same'))
      painter.add(BatchNormalization())
      painter.add(LeakyReLU(alpha=0.01))
      
      painter.add(Conv2DTranspose(64, kernel_size=3, strides=1, padding='same'))
      painter.add(BatchNormalization())
      painter.add(LeakyReLU(alpha=0.01))
      
      painter.add(Conv2DTranspose(1,kernel_size=3, strides=1, padding='same'))
      painter.add(Activation('tanh'))
      return painter

critic = make_critic()
painter = make_painter()

# optimizers
c_opt = Adam(lr=0.0005, beta_1=0.3)
p_opt = Adam(lr=0.0005, beta_1=0.3)

# compile the critic, then freeze it inside the stack
critic.compile(c_opt, loss='binary_crossentropy')
critic.trainable = False

z_in = Input(shape=z_shape)
painted = painter(z_in)
score = critic(painted)

# generator trained through the frozen critic
stack = Model(z_in, score)
stack.compile(optimizer=p_opt, loss='binary_crossentropy')

# schedule
n_epochs = 100
bs=32
half=bs//2

if not os.path.isdir('tb/faces_gray'):
      os.makedirs('tb/faces_gray')

# TensorBoard writer
stamp = datetime.today().strftime('%m-%d_%H%M')
tb = TensorBoard(os.path.join('tb/faces_gray',stamp))
tb.set_model(stack)
scalar_names = ['g_loss', 'd_loss']

# checkpoint folder
if not os.path.isdir('ckpt/faces_gray/%s' % stamp):
      os.makedirs('ckpt/faces_gray/%s' % stamp)

# sample folder
if not os.path.isdir('samples/faces_gray/%s' % stamp):
      os.makedirs('samples/faces_gray/%s' % stamp)

sample_every = 1 # epochs between sample dumps
n_samples = 10 # must not exceed half

# start from an infinite best loss
best_p_loss = math.inf

FACE_DIR = 'data/celeba/gray64'
names = os.listdir(FACE_DIR)
n_faces = len([n for n in names if n.endswith('.png')])

def draw_real(k):
      picks = np.random.randint(0, len(names), k)
      batch = np.array([np.expand_dims(np.array(Image.open(os.path.join(FACE_DIR,names[j]))),axis=2) for j in picks])
      return stretch(batch.astype(np.float32), -1, 1, arr_lo=0, arr_hi=255)

for ep in range(n_epochs):
      hist = []
      for _ in tqdm(range(n_faces // bs)):
            # critic step
            
            # real half batch
            reals = draw_real(half)
            
            # fake half batch
            z = np.random.uniform(-1, 1, size=(half, *z_shape))
            fakes = painter.predict(z)
            
            # separate updates
            # fakes labelled 0
            c_loss_fake = critic.train_on_batch(fakes, np.zeros((half,1)))
            # reals labelled 0.9 (smoothed)
            c_loss_real = critic.train_on_batch(reals, np.ones((half,1))*0.9)
            c_loss = 0.5 * np.add(c_loss_real, c_loss_fake)
            
            # generator step
            
            # fresh latents
            z = np.random.uniform(-1, 1, size=(bs, *z_shape))
            
            # through the stacked model
            p_loss = stack.train_on_batch(z, np.ones((bs, 1)))
            
            # keep the two scalars
            hist.append((p_loss, c_loss))
      # epoch means
      mean_p = np.average([h[0] for h in hist])
      mean_c = np.average([h[1] for h in hist])
      
      z = np.random.uniform(-1, 1, size=(half, *z_shape))
      fakes = painter.predict(z)
      
      if ep % sample_every == 0:
            for j,one in enumerate(fakes[:n_samples]):
                  pic = stretch(one.squeeze(), 0, 255, arr_lo=-1, arr_hi=1)
                  pic = Image.fromarray(np.round(pic).astype(np.uint8))
                  pic.save('samples/faces_gray/%s/ep%03d_%d.png'%(stamp,ep,j))
      
      try:
            painter.save('ckpt/faces_gray/{}/p_ep{:04d}.h5'.format(stamp, ep))
            critic.save('ckpt/faces_gray/{}/c_ep{:04d}.h5'.format(stamp, ep))
            best_p_loss = mean_p
      except:
            pass
      # TensorBoard
      log_scalars(tb, scalar_names, [mean_p, mean_c], ep)
      # console
      print('Epoch: {: 5d} [G loss: {: 10.6f}] [D loss: {: 10.6f}]'.format(ep, mean_p, mean_c))
