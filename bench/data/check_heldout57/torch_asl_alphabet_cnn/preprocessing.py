import numpy as np
import scipy.ndimage as ndimg
import scipy.cluster.vq as whitener
import matplotlib.pyplot as plt
from PIL import ImageFilter
from PIL import Image
from PIL import ImageEnhance
from scipy.misc import imsave

brighten = ImageEnhance.Brightness
contrast = ImageEnhance.Contrast
sharpen = ImageEnhance.Sharpness
colour = ImageEnhance.Color

letters = ['A','B','C','D','E','F','G','H','I','J','K','L','M','N','O','P','Q','R','S','T','U','V','W','X','Y','Z','nothing','space']
#letters = letters[-10:]
n_cols = 6
n_rows = 5

def process_image(fpath, filter=0):
    im = Image.open(fpath)
    im = im.resize((200,200), Image.ANTIALIAS)

    if filter == 0:
        im = np.array(im)
        im = im/255.0
    elif filter == 1:
        im = enhance_only(im)
        im = im/255.0
    elif filter == 2:
        im = whiten_enhance(im)
    elif filter == 3:
        im = whiten_filters(im)

    im = np.transpose(im, (2, 0, 1))
    return im



# # enhancement filters only
def enhance_only(im):
    im = brighten(im).enhance(2.7)
    im = contrast(im).enhance(0.5)
    im = sharpen(im).enhance(2.3)
    im = colour(im).enhance(0.8)
    im = im.filter(ImageFilter.EDGE_ENHANCE_MORE)
    im = np.array(im)
    return im

# grid = plt.figure()
# for ch, k in zip(letters, range(1, n_cols*n_rows + 1)):
#     im = Image.open("asl_alphabet_test/"+ch+"_test.jpg")
#     im = brighten(im).enhance(2.7)
#     im = contrast(im).enhance(0.5)
#     im = sharpen(im).enhance(2.3)
#     im = colour(im).enhance(0.8)
#     im = im.filter(ImageFilter.EDGE_ENHANCE_MORE)
#     im = np.array(im)
#     grid.add_subplot(n_rows, n_cols, k)
#     plt.imshow(im)
# plt.show()
#
# # edge enhancement, then whitening
def whiten_enhance(im):
    im = im.filter(ImageFilter.EDGE_ENHANCE_MORE)
    im = np.array(im)
    im = whitener.whiten(im)
    im = np.clip(im, 0, 1)
    return im

# grid = plt.figure()
# for ch, k in zip(letters, range(1, n_cols*n_rows + 1)):
#     im = Image.open("asl_alphabet_test/"+ch+"_test.jpg")
#     im = im.filter(ImageFilter.EDGE_ENHANCE_MORE)
#     im = np.array(im)
#     im = whitener.whiten(im)
#     im = np.clip(im, 0, 1)
#     grid.add_subplot(n_rows, n_cols, k)
#     plt.imshow(im)
# plt.show()
#
#
# # enhancement filters, then whitening
def whiten_filters(im):
    im = brighten(im).enhance(2.7)
    im = contrast(im).enhance(0.5)
    im = sharpen(im).enhance(2.3)
    im = colour(im).enhance(0.8)
    im = im.filter(ImageFilter.EDGE_ENHANCE_MORE)
    im = np.array(im)
    im = whitener.whiten(im)
    im = np.clip(im, 0, 1)
    return im

# grid = plt.figure()
# for ch, k in zip(letters, range(1, n_cols*n_rows + 1)):
#     im = Image.open("asl_alphabet_test/"+ch+"_test.jpg")
#     im = brighten(im).enhance(2.7)
#     im = contrast(im).enhance(0.5)
#     im = sharpen(im).enhance(2.3)
#     im = colour(im).enhance(0.8)
#     im = im.filter(ImageFilter.EDGE_ENHANCE_MORE)
#     im = np.array(im)
#     im = whitener.whiten(im)
#     im = np.clip(im, 0, 1)
#     grid.add_subplot(n_rows, n_cols, k)
#     plt.imshow(im)
# plt.show()
#
