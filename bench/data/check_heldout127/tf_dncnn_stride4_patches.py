import numpy as np 
import glob
import cv2
import pandas as pd
import tensorflow as tf
import tensorflow.keras 
from keras.models import load_model,Sequential
from keras.layers.advanced_activations import LeakyReLU, PReLU
from keras.optimizers import Adam
from skimage.measure import compare_psnr, compare_ssim
from keras.layers import Input,BatchNormalization,Subtract,Conv2D,Lambda,Activation
from keras.callbacks import CSVLogger, ModelCheckpoint, LearningRateScheduler
from cnn_model import cnn_model

pic_dir = '/content/drive/My Drive/code/data/Train100/'
pic_paths = glob.glob(pic_dir+'*.png')  # every png of the folder

batch_size=128
crop=40
step_px=4
offset=0
factors=[1,0.9,0.8,0.7]
n=0
# first pass: count the crops
for a in range(len(pic_paths)):
    pic = cv2.imread(pic_paths[a],0) 
    for f in range(len(factors)):
        shape=(int(pic.shape[0]*factors[f]),int(pic.shape[1]*factors[f]))
        pic_f=cv2.resize(pic,shape,interpolation=cv2.INTER_CUBIC)
        ph,pw=pic_f.shape
        for r in range(0+offset,(ph-crop),step_px):
            for c in range(0+offset,(pw-crop),step_px):
                n +=1

raw_count=n
if raw_count % batch_size !=0:
    total=(raw_count/batch_size +1)*batch_size
else:
    total=raw_count
print('pictures=%d ,crops=%d, batch_size=%d, batches=%d' % (len(pic_paths),total, batch_size, total/batch_size))

# array that receives every crop
crops=np.zeros((int(total), int(crop), int(crop),1),dtype=np.uint8)

# second pass: copy the crops
n=0
for a in range(len(pic_paths)):
    pic = cv2.imread(pic_paths[a],0) 
    for f in range(len(factors)):
        shape=(int(pic.shape[0]*factors[f]),int(pic.shape[1]*factors[f]))
        pic_f=cv2.resize(pic,shape,interpolation=cv2.INTER_CUBIC)
        pic_f=np.reshape(np.array(pic_f,dtype="uint8"),
                (pic_f.shape[0],pic_f.shape[1],1))
        ph,pw,_ = pic_f.shape
        for r in range(0+offset,ph-crop,step_px):
            for c in range(0+offset,pw-crop,step_px):
                crops[n,:,:]=pic_f[r:r+crop,
                    c:c+crop]
                n += 1

# fill the last batch
if n < total:
    missing=int(total-n)
    crops[-missing:,:,:,:]=crops[:missing,:,:,:]
np.save("clean_crops.npy",crops)

# read back and scale
clean=np.load('clean_crops.npy')
print(clean.dtype)
clean=clean/255.0
clean=clean.astype('float32')
data = clean

epoch = 10
save_every = 10
lr = 1e-3
sigma = 25

psnr_list = []
ssim_list = []
name =[]
test_dir = '/content/drive/My Drive/code/data/Test/Set68/'
out_dir = '/content/drive/My Drive/code/data/Outimg/'

def data_aug(img, mode=0):
    
    if mode == 0:
        return img
        
def gen_patches(path):

    # read a picture
    pic = cv2.imread(path, 0)  # grey
    h, w = pic.shape
    factors = [1, 0.9, 0.8, 0.7]
    out = []

    for f in factors:
        hf, wf = int(h*f),int(w*f)
        pic_f = cv2.resize(pic, (hf,wf), interpolation=cv2.INTER_CUBIC)
        # crops
        for a in range(0, hf-patch_size+1, stride):
            for b in range(0, wf-patch_size+1, stride):
                x = pic_f[a:a+patch_size, b:b+patch_size]
                # augmentation
                for k in range(0, aug_times):
                    x_aug = data_aug(x, mode=np.random.randint(0,8))
                    out.append(x_aug)
    
    return out

def batch_gen(targets,batch_size=8):
    order = list(range(targets.shape[0]))
    while(True):
        np.random.shuffle(order)    # new order each pass
        for a in range(0, len(order), batch_size):
            clean_b = targets[order[a:a+batch_size]]
            noise =  np.random.normal(0, sigma/255.0, clean_b.shape)    # gaussian noise
            noisy_b = clean_b + noise  # noisy input = clean + noise
            yield noisy_b, clean_b

def lr_schedule(epoch, lr):
    factor = 0.1
    every = 90
    if epoch % every == 0 and epoch:
        return lr * factor
    return lr

def train():
    models.compile(optimizer=Adam(), loss=['mse'])
    cbs=[LearningRateScheduler(lr_schedule)]
    # optional callbacks
    #ckpt = ModelCheckpoint('/model_{epoch:02d}.h5', monitor='val_loss',verbose=0, period=save_every)
    #csv_log = CSVLogger('/log.csv', append=True, separator=',')
    hist = models.fit_generator(batch_gen(data, batch_size=batch_size),
                    steps_per_epoch=len(data)//batch_size, epochs=epoch, verbose=0, 
                    callbacks=cbs)
    models.save('denoiser.h5')
    return models 

def test(models):
    out_dir = '/content/drive/My Drive/code/data/Outimg/'
    psnr_list = []
    ssim_list = []
    test_paths = glob.glob(test_dir+'*.png')
    for t in range(len(test_paths)):
        print('test pictures',len(test_paths))
        ref = cv2.imread(str(test_paths[t]),0)
        noisy = np.array(ref,dtype='float32')/255
        noise =  np.random.normal(0, sigma/255.0, noisy.shape)    # gaussian noise
        noisy = noisy.astype('float32')
        # predict
        x_in = noisy.reshape(1, noisy.shape[0], noisy.shape[1], 1) 
        y_out = models.predict(x_in)
        # scores
        restored = y_out.reshape(ref.shape)
        restored = np.clip(restored, 0, 1)
        restored = np.array((restored*255).astype('uint8')) 
        stem = (str(test_paths[t])).split('/')[-1].split('.')[0]    # file name without extension
        cv2.imwrite(out_dir+str(t)+'.png',restored)
        psnr_in, psnr_out = compare_psnr(ref, noisy), compare_psnr(ref, restored)
        ssim_in, ssim_out = compare_ssim(ref, noisy), compare_ssim(ref, restored)
        psnr_list.append(psnr_out)
        ssim_list.append(ssim_out)
    if len(psnr_list) != 0 :    
        psnr_avg = sum(psnr_list)/len(psnr_list)
    else :
        psnr_avg = 0
    if len(ssim_list) != 0 :
        ssim_avg = sum(ssim_list)/len(ssim_list)
    else :
        ssim_avg = 0
    psnr_list.append(psnr_avg)
    ssim_list.append(ssim_avg)
    print('mean PSNR = {0:.2f}, SSIM = {1:.2f}'.format(psnr_avg, ssim_avg))
    return psnr_list , ssim_list

if __name__=='__main__':
    models = cnn_model()
    models = train()
    psnr_list,ssim_list = test(models)

    
