# -*- coding: utf-8 -*-
"""
Dog breed identification: frozen ImageNet backbones as feature extractors,
then a multinomial logistic regression on the pooled features.
"""

import numpy as np
import pandas as pd
import datetime as dt
import matplotlib.pyplot as plt
from mpl_toolkits.axes_grid1 import ImageGrid
from os import listdir, makedirs
from os.path import join, exists, expanduser
from tqdm import tqdm
from sklearn.metrics import log_loss, accuracy_score
from keras.preprocessing import image
from keras.applications.vgg16 import VGG16
from keras.applications.resnet50 import ResNet50
from keras.applications import xception
from keras.applications import inception_v3
from keras.applications.vgg16 import preprocess_input, decode_predictions
from sklearn.linear_model import LogisticRegression
import pickle

SIDE = 224
N_BREEDS = 120
RNG = 1987
root = './data'
table = pd.read_csv(join(root, 'labels.csv'))
sub_template = pd.read_csv(join(root, 'sample_submission.csv'))
print(len(listdir(join(root, 'train'))), len(table))
print(len(listdir(join(root, 'test'))), len(sub_template))

top_breeds = list(table.groupby('breed').count().sort_values(by='id', ascending=False).head(N_BREEDS).index)
table = table[table['breed'].isin(top_breeds)]
table['target'] = 1
onehot = table.pivot('id', 'breed', 'target').reset_index().fillna(0)
np.random.seed(seed=RNG)
u = np.random.random(len(table))
fit_mask = u < 0.8
hold_mask = u >= 0.8
y_all = onehot[top_breeds].values
y_fit = y_all[fit_mask]
y_hold = y_all[hold_mask]

def load_dog(dog_id, folder, size):
    """Open one picture at the given size.
    # Arguments
        dog_id: file stem
        folder: 'train' or 'test'.
        size: (h, w) to resize to.
    # Returns
        float32 array.
    """
    pic = image.load_img(join(root, folder, '%s.jpg' % dog_id), target_size=size)
    pic = image.img_to_array(pic)
    return pic

SIDE = 299
POOL = 'avg'
all_pix = np.zeros((len(table), SIDE, SIDE, 3), dtype='float32')
for k, dog_id in tqdm(enumerate(table['id'])):
    pic = load_dog(dog_id, 'train', (SIDE, SIDE))
    pre = xception.preprocess_input(np.expand_dims(pic.copy(), axis=0))
    all_pix[k] = pre
print('all pictures: {} values: {:,}'.format(all_pix.shape, all_pix.size))
pix_fit = all_pix[fit_mask]
pix_hold = all_pix[hold_mask]
print((pix_fit.shape, pix_hold.shape, y_fit.shape, y_hold.shape))
xcp = xception.Xception(weights='imagenet', include_top=False, pooling=POOL)
feat_fit_x = xcp.predict(pix_fit, batch_size=32, verbose=1)
feat_hold_x = xcp.predict(pix_hold, batch_size=32, verbose=1)
print('xception fit features: {} values: {:,}'.format(feat_fit_x.shape, feat_fit_x.size))
print('xception held-out features: {} values: {:,}'.format(feat_hold_x.shape, feat_hold_x.size))
clf = LogisticRegression(multi_class='multinomial', solver='lbfgs', random_state=RNG)
clf.fit(feat_fit_x, (y_fit * range(N_BREEDS)).sum(axis=1))
p_hold = clf.predict_proba(feat_hold_x)
c_hold = clf.predict(feat_hold_x)
print('xception held-out log loss {}'.format(log_loss(y_hold, p_hold)))
print('xception held-out accuracy {}'.format(accuracy_score((y_hold * range(N_BREEDS)).sum(axis=1), c_hold)))

pix_fit = all_pix[fit_mask]
pix_hold = all_pix[hold_mask]
print((pix_fit.shape, pix_hold.shape, y_fit.shape, y_hold.shape))
inc = inception_v3.InceptionV3(weights='imagenet', include_top=False, pooling=POOL)
feat_fit_i = inc.predict(pix_fit, batch_size=32, verbose=1)
feat_hold_i = inc.predict(pix_hold, batch_size=32, verbose=1)
print('inception fit features: {} values: {:,}'.format(feat_fit_i.shape, feat_fit_i.size))
print('inception held-out features: {} values: {:,}'.format(feat_hold_i.shape, feat_hold_i.size))
clf = LogisticRegression(multi_class='multinomial', solver='lbfgs', random_state=RNG)
clf.fit(feat_fit_i, (y_fit * range(N_BREEDS)).sum(axis=1))
p_hold = clf.predict_proba(feat_hold_i)
c_hold = clf.predict(feat_hold_i)
print('inception held-out log loss {}'.format(log_loss(y_hold, p_hold)))
print('inception held-out accuracy {}'.format(accuracy_score((y_hold * range(N_BREEDS)).sum(axis=1), c_hold)))

F = np.hstack([feat_fit_x, feat_fit_i])
H = np.hstack([feat_hold_x, feat_hold_i])

print('joint fit features: {} values: {:,}'.format(F.shape, F.size))
print('joint held-out features: {} values: {:,}'.format(H.shape, H.size))
clf = LogisticRegression(multi_class='multinomial', solver='lbfgs', random_state=RNG)
clf.fit(F, (y_fit * range(N_BREEDS)).sum(axis=1))
pickle.dump(clf, open('logreg_model.sav', 'wb'))

clf = pickle.load(open('logreg_model.sav', 'rb'))
p_hold = clf.predict_proba(H)
c_hold = clf.predict(H)
print('joint held-out log loss {}'.format(log_loss(y_hold, p_hold)))
print('joint held-out accuracy {}'.format(accuracy_score((y_hold * range(N_BREEDS)).sum(axis=1), c_hold)))

# joint model, held-out log loss about 0.31
# joint model, held-out accuracy about 0.90

true_breed = (y_hold * range(N_BREEDS)).sum(axis=1)
wrong = (true_breed != c_hold)
for dog_id, shown, real in zip(table.loc[hold_mask, 'id'].values[wrong],
                                [top_breeds[int(b)] for b in c_hold[wrong]],
                                [top_breeds[int(b)] for b in true_breed[wrong]]):
    fig, ax = plt.subplots(figsize=(5,5))
    pic = load_dog(dog_id, 'train', (299, 299))
    ax.imshow(pic / 255.)
    ax.text(10, 250, 'guess: %s' % real, color='w', backgroundcolor='r', alpha=0.8)
    ax.text(10, 270, 'truth: %s' % shown, color='k', backgroundcolor='g', alpha=0.8)
    ax.axis('off')
    plt.show()
