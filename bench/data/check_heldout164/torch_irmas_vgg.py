# data and results folders (Colab drive in the original)

# mount the drive
from google.colab import drive

# asks for a token interactively
drive.mount('/content/drive')


data_path = '/data/IRMAS_Deep_Learning/Data/'
results_path = '/data/IRMAS_Deep_Learning/Results/'



import torch
import torch.nn as nn
import numpy as np
import matplotlib.pyplot as plt
import torchvision
import torchvision.transforms as transforms
import matplotlib.pyplot as plt
from PIL import Image

import tensorflow as tf
import timeit

import os
import json

import sys
from tqdm.auto import tqdm
import essentia.standard as es
from essentia import Pool
import sklearn

import random
import librosa.display
from IPython.display import Audio

from sklearn.model_selection import train_test_split
from keras.utils import to_categorical

isData = os.path.isdir(data_path)  
if(not isData):
  print("An error occured when searching for the Data directory, please download it and include it at /data/IRMAS_Deep_Learning/Data/")
  print("Data link: https://drive.google.com/drive/folders/1PCZbU3EFrr0Ek2II3MtZ8QsX-o3S0cMA?usp=sharing")
  sys.exit()

device_name = tf.test.gpu_device_name()
if device_name != '/device:GPU:0':
  print(
      '\n\nThis error most likely means that this notebook is not '
      'configured to use a GPU.  Change this in Notebook Settings via the '
      'command palette (cmd/ctrl-shift-P) or the Edit menu.\n\n')
  raise SystemError('GPU device not found')

def cpu():
  with tf.device('/cpu:0'):
    random_image_cpu = tf.random.normal((100, 100, 100, 3))
    net_cpu = tf.keras.layers.Conv2D(32, 7)(random_image_cpu)
    return tf.math.reduce_sum(net_cpu)

def gpu():
  with tf.device('/device:GPU:0'):
    random_image_gpu = tf.random.normal((100, 100, 100, 3))
    net_gpu = tf.keras.layers.Conv2D(32, 7)(random_image_gpu)
    return tf.math.reduce_sum(net_gpu)
  
# one untimed call each to warm up
cpu()
gpu()

# time ten calls on each device
print('Time (s) to convolve 32x7x7x3 filter over random 100x100x100x3 images '
      '(batch x height x width x channel). Sum of ten runs.')
print('CPU (s):')
cpu_time = timeit.timeit('cpu()', number=10, setup="from __main__ import cpu")
print(cpu_time)
print('GPU (s):')
gpu_time = timeit.timeit('gpu()', number=10, setup="from __main__ import gpu")
print(gpu_time)
print('GPU speedup over CPU: {}x'.format(int(cpu_time/gpu_time)))

CLASS_MAPPING = {
    'flu': 0, 
    'tru': 1, 
    'voi': 2, 
    'gac': 3, 
    'pia': 4
}

audio_files = dict()

for i in CLASS_MAPPING.keys():
  files = []
  for filename in os.listdir(data_path + "/" + i + "/"):      
    files.append(filename)
  audio_files[i] = files

with open(data_path +'data_5_instruments.json', 'w') as outfile:
    json.dump(audio_files, outfile)

def pad(l, sr):
    # zero-pad to 10 s and add a tiny noise floor
    z = np.zeros(10*sr, dtype='float32')
    z[:l.size] = l
    z = z + 5*1e-4*np.random.rand(z.size).astype('float32')
    return z


def compute_spectrogram(filename, sr=16000, n_mels=64):
    # log-mel spectrogram with essentia
    audio = es.MonoLoader(filename=filename,sampleRate=sr)()
    audio = pad(audio, sr)
    
    # essentia building blocks
    windowing = es.Windowing(type='hann', normalized=False, zeroPadding=0)
    spectrum = es.Spectrum()
    melbands = es.MelBands(numberBands=n_mels, 
                           sampleRate=sr, 
                           lowFrequencyBound=0, 
                           highFrequencyBound=8000, 
                           inputSize=(2048)//2+1, 
                           weighting='linear', 
                           normalize='unit_tri', 
                           warpingFormula='slaneyMel', 
                           type='power')
    
    norm10k = es.UnaryOperator(type='identity', shift=0, scale=1)
    log10 = es.UnaryOperator(type='log10')
    results = Pool()

    for frame in es.FrameGenerator(audio, frameSize=1024, hopSize=512, startFromZero=False):
        spectrumFrame = spectrum(windowing(frame))     
        results.add('melbands', log10(norm10k(melbands(spectrumFrame))))
    
    mel_log_spectrum = results['melbands']
    return mel_log_spectrum[:64].T

# pick one file at random
random_instrument = random.choice(list(CLASS_MAPPING.keys()))
rand_sound = random.choice(audio_files[random_instrument])
data_rand_instrument = data_path + '/' + random_instrument + '/'


# show its spectrogram and play it
x = compute_spectrogram(f'{data_rand_instrument}/{rand_sound}')
librosa.display.specshow(x, sr=16000, x_axis='time', y_axis='mel')

print("Filename: " + rand_sound)
Audio(f'{data_rand_instrument}/{rand_sound}')

if False:
    dataset = json.load(open(data_path+'data_5_instruments.json', 'rb'))
    num_sounds = sum([len(v) for _, v in dataset.items()])
    num_classes = len(dataset)

    specs = np.zeros((num_sounds, 64, 64))
    labels = np.zeros((num_sounds,))

    idx = 0

    with tqdm(total=num_sounds) as pbar:
        for class_name, sounds in dataset.items():
            for sound in sounds:
                specs[idx] = compute_spectrogram(f'{data_path}{class_name}/{sound}')
                labels[idx] = CLASS_MAPPING[class_name]
                idx += 1
                pbar.update()

    np.save(data_path+'specs.npy', specs)
    np.save(data_path+'labels.npy', labels)

specs = np.load(data_path+'specs.npy')
labels = np.load(data_path+'labels.npy')

# add a channel axis
specs = specs.reshape(-1, 64, 64, 1)

# 80/20 split
X_train, X_test, y_train, y_test = train_test_split(specs, labels, test_size=0.2, random_state=42)

print("There are " + str(len(X_train)) + " training samples and " + str(len(X_test))+ " testing samples.")

# torch Dataset over the in-memory arrays
class IRMAS(torch.utils.data.Dataset):
    # arrays -> tensors
    def __init__(self, X_train, y_train):
        self.data = torch.from_numpy(X_train.astype(float))
        self.labels = torch.from_numpy(y_train.astype(float)).squeeze()

    
    # one (spectrogram, label) pair, channel first
    def __getitem__(self, index):
        data = self.data[index]
        lbl = self.labels[index]

        data = np.transpose(data, axes=[2,0,1])

        return data,lbl
    
    
        pass
    
    # number of items
    def __len__(self):
        return len(self.data)

IRMAS_example = IRMAS(X_train, y_train)
example_loader = torch.utils.data.DataLoader(dataset=IRMAS_example,
                                               batch_size=8,  
                                               shuffle=True)

for images, labels in example_loader:
  print(images.shape, labels.shape) # batch shapes
  for img,lbl in zip(images,labels): 
    print('lbl : ',lbl)
    librosa.display.specshow(img.squeeze().numpy(), sr=16000, x_axis='time', y_axis='mel')
    plt.show()
  break

class VGG(nn.Module):
    def __init__(self, num_classes=5):
        
        super(VGG, self).__init__()
        
        self.conv1 = nn.Conv2d(1, 16, kernel_size=3, stride=1, padding=1)
        self.batch1 = nn.BatchNorm2d(16)

        self.conv2 = nn.Conv2d(16, 32, kernel_size=3, stride=1, padding=1)
        self.batch2 = nn.BatchNorm2d(32)

        self.conv3 = nn.Conv2d(32, 64, kernel_size=3, stride=1, padding=1)
        self.batch3 = nn.BatchNorm2d(64)


        self.conv4 = nn.Conv2d(64, 128, kernel_size=3, stride=1, padding=1)
        self.batch4 = nn.BatchNorm2d(128)

        self.conv5 = nn.Conv2d(128, 128, kernel_size=3, stride=1, padding=1)
        self.batch5 = nn.BatchNorm2d(128)
        
        self.flatten = nn.Flatten()
        self.dropout = nn.Dropout(0.5)
        self.batch6 = nn.BatchNorm1d(2*2*128)
        self.fc1 = nn.Linear(2*2*128, 64)
        self.fc2 = nn.Linear(64, num_classes)
        
        self.maxpool= nn.MaxPool2d(kernel_size=2, stride=2)
        self.relu = nn.ReLU()
        self.softmax = nn.Softmax(dim = 1)
        
    def forward(self, x):

        out = self.relu(self.conv1(x))
        out = self.batch1(out)
        out = self.maxpool(out) # -> 16x32x32

        out = self.relu(self.conv2(out))
        out = self.batch2(out)
        out = self.maxpool(out) # 16x16x32

        out = self.relu(self.conv3(out))
        out = self.batch3(out)
        out = self.maxpool(out) # 8x8x64

        out = self.relu(self.conv4(out))
        out = self.batch4(out)
        out = self.maxpool(out) # 4x4x128

        out = self.relu(self.conv5(out))
        out = self.batch5(out)
        out = self.maxpool(out) # 2x2x128

        out = out.view(out.size(0), -1) # 512

        out = self.dropout(out) # 512

        out = self.batch6(out) # 512
        
        out = self.relu(self.fc1(out)) # 64

        out = self.softmax(self.fc2(out)) # num_classes

        return out

vgg = VGG()
vgg = vgg.cuda()
print(vgg)

# classification loss
criterion = nn.CrossEntropyLoss()

# optimiser
learning_rate = .001
optimizer = torch.optim.Adam(vgg.parameters(),lr = learning_rate)

# GPU when present
device = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')
num_epochs = 40

# training
if True :
    IRMASTrain = IRMAS(X_train, y_train)
    train_loader = torch.utils.data.DataLoader(dataset=IRMASTrain,
                                               batch_size=64,    
                                               shuffle=True)
    vgg.train() # training mode
    total_step = len(train_loader)
    
    loss_list = []

    # epochs
    for epoch in range(num_epochs):
        total_loss = 0
        # batches
        for i, (images, labels) in enumerate(train_loader):
            # move the batch to the device
            images = images.to(device).float()
            labels = labels.to(device).float()

            # forward
            outputs = vgg(images)
            loss = criterion(outputs, labels.long())
            total_loss+=loss
                        
            # backward and step
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            
            if (i+1) % 20 == 0:
                print ('Epoch [{}/{}], Step [{}/{}], Loss: {:.4f}' 
                       .format(epoch+1, num_epochs, i+1, total_step, loss.item()))
        
        avg_loss = total_loss/total_step
        loss_list.append(avg_loss)
    
    # keep the weights
    torch.save(vgg.state_dict(), results_path+'/vgg_model.ckpt')
    # reload later with load_state_dict

plt.figure(figsize=(10, 8))
plt.plot(loss_list)
plt.title("Loss vs iterations")
plt.ylabel("Loss")
plt.xlabel("Iteration")
plt.show()

# restore the saved weights
vgg.load_state_dict(torch.load(results_path+'/vgg_model.ckpt'))

# evaluation on the held-out split
if True : 
    # test Dataset and loader
    IRMASTest = IRMAS(X_test, y_test)
    test_loader = torch.utils.data.DataLoader(dataset=IRMASTest,
                                               batch_size=16, 
                                               shuffle=True)
    vgg.eval() # eval mode
    
    # accuracy without gradients
    with torch.no_grad():
        correct = 0
        total = 0
        for images, labels in test_loader:
            images = images.to(device).float()
            labels = labels.to(device).float()
            # scores
            outputs = vgg(images)

            # arg-max class
            _, predicted = torch.max(outputs.data, 1)

            # count hits
            total += labels.size(0)
            correct += (predicted == labels).sum().item()
    
        print('Test Accuracy of the model on the 633 test images: {} %'.format(100 * correct / total))


