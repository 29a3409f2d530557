import os
import random
import numpy as np
import matplotlib.pyplot as plt
from keras.applications.resnet50 import ResNet50, preprocess_input
from keras.models import Model
from keras.preprocessing import image
from keras.preprocessing.image import load_img
from keras.preprocessing.image import ImageDataGenerator
from keras.layers import Dense, GlobalAveragePooling2D, Flatten,Input
from keras.layers.convolutional import Conv2D
from keras import optimizers
from keras import backend as K

bs = 128
W = 224
H = 224

train_root = './dataset8/train/'
test_root = './dataset8/test/'
class_dirs = os.listdir(train_root)
n_classes = len(os.listdir(train_root))


def list_files(root):
    
    class_dirs = os.listdir(root)
    paths = []
    ys = []
    
    print(class_dirs)
    for i,cls_dir in enumerate(class_dirs):
        files  = os.listdir(os.path.join(root,cls_dir))
        print(cls_dir,'->',len(files),'files')
        
        for fn in files:
# (earlier variant, switched off)
            paths.append(root+cls_dir+'/'+fn)
            ys.append(i)
        
    return paths,ys


# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)

# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)


def sample_batch(tr_paths,tr_ys,bsz,n_classes,W,H):
    
    xb = np.zeros([bsz,W,H,3])
    # (earlier variant, switched off)
    yb = np.zeros([bsz,n_classes])
    
    n_total = len(tr_paths)
    i = 0
    for _ in range(bsz):
        j = random.randrange(n_total)
        # (earlier variant, switched off)
        # (earlier variant, switched off)

        im = image.load_img(tr_paths[j], target_size=(H, W))
        im = image.img_to_array(im)
        # (earlier variant, switched off)
        im = preprocess_input(im)
        xb[i,:,:,:]  = im

        yb[i,int(tr_ys[j])] = 1
# (earlier variant, switched off)
        i += 1
    return xb,yb

# collect the file lists of both splits
tr_paths, tr_ys = list_files(train_root)
te_paths, te_ys = list_files(test_root) 

# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)

# ResNet50 carries BatchNorm: run it in inference mode with its stored statistics

K.set_learning_phase(0)
# (earlier variant, switched off)
trunk = ResNet50()
# (earlier variant, switched off)

# (earlier variant, switched off)
# (earlier variant, switched off)

# (earlier variant, switched off)
# (earlier variant, switched off)

# the backbone has 177 layers
# (earlier variant, switched off)
depth = len(trunk.layers)
print('backbone depth:',depth)

print('frozen layers:') 
for lyr in trunk.layers[:depth]:
     lyr.trainable = False
    # (earlier variant, switched off)
    # (earlier variant, switched off)
print('*'*50)
print('weights left trainable:')
for t in trunk.trainable_weights:
    print(t.name)

# (earlier variant, switched off)

# (earlier variant, switched off)

# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)

t = trunk.get_layer('avg_pool').output

# (earlier variant, switched off)

t = Dense(128, activation='relu', name = 'fc_1')(t)
t = Dense(128, activation='relu', name = 'fc_2')(t)
head = Dense(n_classes,activation='softmax',name='fc_output')(t)
# (earlier variant, switched off)
              
clf = Model(inputs=trunk.input, outputs=head)

clf.compile(optimizer='rmsprop', loss='categorical_crossentropy',metrics=['accuracy'])

# (earlier variant, switched off)
# (earlier variant, switched off)

clf.summary()
# (earlier variant, switched off)

# (earlier variant, switched off)

                     
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)

# a directory generator was tried earlier
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)

# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)

# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)


# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
# (earlier variant, switched off)
N_ITERS = 20000
loss_csv = './logs/resnet50_head_loss.csv'
acc_csv = './logs/resnet50_head_acc.csv'
loss_fh = open(loss_csv,'w')
loss_fh.write('step,loss,batch_acc'+'\n')
loss_fh.flush()
acc_fh = open(acc_csv,'w')
acc_fh.write('step,test_acc'+'\n')
acc_fh.flush()

for step in range(N_ITERS):
    xb,yb = sample_batch(tr_paths,
                                                     tr_ys,
                                                     bs,
                                                     n_classes,
                                                     W,
                                                     H)
    # (earlier variant, switched off)
    tl, ta = clf.train_on_batch(xb, yb)
    
# (earlier variant, switched off)
# (earlier variant, switched off)

    print('step',step,'loss',tl,'batch acc',ta)
    loss_fh.write(str(step)+','+str(tl)+','+str(ta)+'\n')
    loss_fh.flush()

    if (step+1) % 100 == 0 or step + 1 == N_ITERS:
        guesses = []
        n_total = len(te_paths)
        for i, fp in enumerate(te_paths):
            if i%100 == 0:
                print('\r','scoring',i,'of',n_total,end = '')
            
            # (earlier variant, switched off)
            # (earlier variant, switched off)
            # (earlier variant, switched off)
            # (earlier variant, switched off)
            # (earlier variant, switched off)
            im = image.load_img(fp, target_size=(W, W))
            im = image.img_to_array(im)
            im = np.expand_dims(im, axis=0)
            im = preprocess_input(im)
            guesses += [np.argmax(clf.predict(im))]
        guesses = np.array(guesses)    
        te_ys = np.array(te_ys)
        # (earlier variant, switched off)
        te_acc = np.mean(guesses==te_ys)
        print('\r','*'*50)
        print('held-out accuracy:',te_acc)
        acc_fh.write(str(step)+','+str(te_acc)+'\n')
        acc_fh.flush()

# (earlier variant, switched off)
loss_fh.close()
acc_fh.close()
