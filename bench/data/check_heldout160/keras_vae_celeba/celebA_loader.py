# Endless generator over the CelebA image folder: each step reads batch_size files into one float32 array.
import cv2
import numpy as np
import os
import random


def celeb_loader(dir='/data/celeba/img_align_celeba/',
                    randomize=True,
                    batch_size=64,
                    height=64,
                    width=64,
                    split=False,
                    type='train',
                    norm=False):
    list = os.listdir(dir)
    number_files = len(list)
    list.sort()

    if split == True:
        test_list = list[9::10]
        train_list = list[:]
        del train_list[9::10]

        if type == 'train':
            list = train_list
        elif type == 'test':
            list = test_list

    while(1):
        if randomize == True:
            random.shuffle(list)
        img_list = list[:]

        while img_list:
            img_stack = np.zeros((batch_size, height, width,3),dtype=np.float32)

            for i in range(batch_size):

                filename = dir + img_list.pop(0)
                img = cv2.imread(filename)

                if img.shape != (64,64,3):
                    img_stack[i, :, :,:] = cv2.resize(img,(height,width))/255
                    if norm == True:
                        img_stack[i, :, :,:] = img_stack[i, :, :,:]*2 - 1

                if len(img_list)==0:
                    if randomize == True:
                        random.shuffle(list)
                    img_list = list[:]
            yield img_stack, None

if __name__ == '__main__':
    print("MAIN")
    some_gen = celeb_loader()
    a,b = next(some_gen)
