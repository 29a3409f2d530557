# -*- coding: utf-8 -*-

from keras.preprocessing.image import img_to_array, load_img
import numpy as np
import glob
from keras.models import *
from keras.layers import *
from keras.optimizers import *
from keras.callbacks import ModelCheckpoint
from keras.preprocessing.image import array_to_img
import cv2


class NpyDataPrep(object):
    def __init__(self, rows_out, cols_out, train_image_path="./data/train/image", train_label_path="./data/train/label",
                 test_image_path="./data/test/image", npy_dir_path="./npydata", img_ext="jpg"):
        self.rows_out = rows_out
        self.cols_out = cols_out
        self.train_image_path = train_image_path
        self.train_label_path = train_label_path
        self.img_ext = img_ext
        self.test_image_path = test_image_path
        self.npy_dir_path = npy_dir_path

    def build_train_data_npy(self):
        i = 0
        print('decoding the training pictures and masks')
        img_files = glob.glob(self.train_image_path+"/*."+self.img_ext)
        img_array = np.ndarray((len(img_files), self.rows_out, self.cols_out, 3), dtype=np.uint8)
        label_array = np.ndarray((len(img_files), self.rows_out, self.cols_out, 1), dtype=np.uint8)

        for idx in range(len(img_files)):
            img_path = img_files[idx]
            file_name = img_path.split('/')[-1]
            label_file = self.train_label_path + '/' + file_name
            img_px = load_img(img_path, grayscale=False, target_size=[512, 512])
            label_px = load_img(label_file, grayscale=True, target_size=[512, 512])
            img_px = img_to_array(img_px)
            label_px = img_to_array(label_px)
            img_array[i] = img_px
            label_array[i] = label_px
            if i % 100 == 0:
                print('{0} of {1} pictures read'.format(i, len(img_files)))
            i += 1

        print('all pictures decoded')
        np.save(self.npy_dir_path + '/imgs_train.npy', img_array)
        np.save(self.npy_dir_path + '/imgs_mask_train.npy', label_array)
        print('training arrays written as .npy')

    def build_test_data_npy(self):
        i = 0
        print('decoding the test pictures')
        img_files = glob.glob(self.test_image_path + "/*." + self.img_ext)
        img_array = np.ndarray((len(img_files), self.rows_out, self.cols_out, 3), dtype=np.uint8)
        test_paths = []

        for img_file in img_files:
            test_file = img_file
            test_paths.append(test_file)
            img_px = load_img(test_file, grayscale=False, target_size=[512, 512])
            img_px = img_to_array(img_px)
            img_array[i] = img_px
            i += 1

        list_file = './results/pic.txt'
        with open(list_file, 'w') as fh:
            for i in range(len(test_paths)):
                fh.writelines(test_paths[i] + '\n')
        print('all pictures decoded')
        np.save(self.npy_dir_path + '/imgs_test.npy', img_array)
        print('test array written as .npy')

    def read_train_data(self):
        print('reading the training arrays')
        train_imgs = np.load(self.npy_dir_path + "/imgs_train.npy")
        train_mask_imgs = np.load(self.npy_dir_path + "/imgs_mask_train.npy")
        train_imgs = train_imgs.astype('float32')
        train_mask_imgs = train_mask_imgs.astype('float32')
        train_imgs /= 255
        train_mask_imgs /= 255
        train_mask_imgs[train_mask_imgs > 0.5] = 1  # foreground
        train_mask_imgs[train_mask_imgs <= 0.5] = 0  # background
        return train_imgs, train_mask_imgs

    def read_test_data(self):
        print('-' * 30)
        print('reading the test array')
        print('-' * 30)
        test_imgs = np.load(self.npy_dir_path + "/imgs_test.npy")
        test_imgs = test_imgs.astype('float32')
        test_imgs /= 255
        return test_imgs


class UnetRunner(object):
    def __init__(self, img_h=512, img_w=512):
        self.img_h = img_h
        self.img_w = img_w

    def read_data(self):
        prep = NpyDataPrep(self.img_h, self.img_w)
        train_imgs, train_mask_imgs = prep.read_train_data()
        test_imgs = prep.read_test_data()
        return train_imgs, train_mask_imgs, test_imgs

    def build_unet(self):
        img_in = Input((self.img_h, self.img_w, 3))

        c1 = Conv2D(64, 3, activation='relu', padding='same', kernel_initializer='he_normal')(img_in)
        # (debug output of the first block)
        print("block 1a:", c1.shape)
        c1 = Conv2D(64, 3, activation='relu', padding='same', kernel_initializer='he_normal')(c1)
        print("block 1b:", c1.shape)
        p1 = MaxPooling2D(pool_size=(2, 2))(c1)
        print("after pool 1:", p1.shape)

        c2 = Conv2D(128, 3, activation='relu', padding='same', kernel_initializer='he_normal')(p1)
        print("block 2a:", c2.shape)
        c2 = Conv2D(128, 3, activation='relu', padding='same', kernel_initializer='he_normal')(c2)
        print("block 2b:", c2.shape)
        p2 = MaxPooling2D(pool_size=(2, 2))(c2)
        print("after pool 2:", p2.shape)

        c3 = Conv2D(256, 3, activation='relu', padding='same', kernel_initializer='he_normal')(p2)
        print("block 3a:", c3.shape)
        c3 = Conv2D(256, 3, activation='relu', padding='same', kernel_initializer='he_normal')(c3)
        print("block 3b:", c3.shape)
        p3 = MaxPooling2D(pool_size=(2, 2))(c3)
        print("after pool 3:", p3.shape)

        c4 = Conv2D(512, 3, activation='relu', padding='same', kernel_initializer='he_normal')(p3)
        c4 = Conv2D(512, 3, activation='relu', padding='same', kernel_initializer='he_normal')(c4)
        d4 = Dropout(0.5)(c4)
        p4 = MaxPooling2D(pool_size=(2, 2))(d4)

        c5 = Conv2D(1024, 3, activation='relu', padding='same', kernel_initializer='he_normal')(p4)
        c5 = Conv2D(1024, 3, activation='relu', padding='same', kernel_initializer='he_normal')(c5)
        d5 = Dropout(0.5)(c5)

        u6 = Conv2D(512, 2, activation='relu', padding='same', kernel_initializer='he_normal')(
            UpSampling2D(size=(2, 2))(d5))
        m6 = merge([d4, u6], mode='concat', concat_axis=3)
        print(u6)
        print(m6)
        c6 = Conv2D(512, 3, activation='relu', padding='same', kernel_initializer='he_normal')(m6)
        print(c6)
        c6 = Conv2D(512, 3, activation='relu', padding='same', kernel_initializer='he_normal')(c6)
        print(c6)
        u7 = Conv2D(256, 2, activation='relu', padding='same', kernel_initializer='he_normal')(
            UpSampling2D(size=(2, 2))(c6))
        m7 = merge([c3, u7], mode='concat', concat_axis=3)
        print(u7)
        print(m7)
        c7 = Conv2D(256, 3, activation='relu', padding='same', kernel_initializer='he_normal')(m7)
        print(c7)
        c7 = Conv2D(256, 3, activation='relu', padding='same', kernel_initializer='he_normal')(c7)
        print(c7)
        u8 = Conv2D(128, 2, activation='relu', padding='same', kernel_initializer='he_normal')(
            UpSampling2D(size=(2, 2))(c7))
        m8 = merge([c2, u8], mode='concat', concat_axis=3)
        c8 = Conv2D(128, 3, activation='relu', padding='same', kernel_initializer='he_normal')(m8)
        c8 = Conv2D(128, 3, activation='relu', padding='same', kernel_initializer='he_normal')(c8)

        u9 = Conv2D(64, 2, activation='relu', padding='same', kernel_initializer='he_normal')(
            UpSampling2D(size=(2, 2))(c8))
        m9 = merge([c1, u9], mode='concat', concat_axis=3)
        print(u9)
        print(m9)
        c9 = Conv2D(64, 3, activation='relu', padding='same', kernel_initializer='he_normal')(m9)
        print(c9)
        c9 = Conv2D(64, 3, activation='relu', padding='same', kernel_initializer='he_normal')(c9)
        print(c9)
        c9 = Conv2D(2, 3, activation='relu', padding='same', kernel_initializer='he_normal')(c9)
        print("last decoder block:", c9.shape)

        c10 = Conv2D(1, 1, activation='sigmoid')(c9)
        print(c10)
        unet_model = Model(input=img_in, output=c10)

        unet_model.compile(optimizer=Adam(lr=1e-4), loss='binary_crossentropy', metrics=['accuracy'])

        return unet_model

    def train_unet(self):
        print("reading arrays")
        train_imgs, train_mask_imgs, test_imgs = self.read_data()
        print("arrays ready")
        unet_model = self.build_unet()
        print("network built")
        ckpt_cb = ModelCheckpoint('unet.hdf5', monitor='loss', verbose=1, save_best_only=True)
        print('training the network')
        unet_model.fit(train_imgs, train_mask_imgs, batch_size=2, epochs=50, verbose=1,
                  validation_split=0.2, shuffle=True, callbacks=[ckpt_cb])

        print('segmenting the test pictures')
        test_mask_preds = unet_model.predict(test_imgs, batch_size=1, verbose=1)
        np.save('./results/imgs_mask_test.npy', test_mask_preds)

    def write_mask_images(self):
        print("writing predicted masks as pictures")
        pred_masks = np.load('./results/imgs_mask_test.npy')
        out_names = []
        for row_text in open("./results/pic.txt"):
            row_text = row_text.strip()
            out_name = row_text.split('/')[-1]
            out_names.append(out_name)
        for i in range(pred_masks.shape[0]):
            out_path = "./results/" + out_names[i]
            mask_img = pred_masks[i]
            mask_img = array_to_img(mask_img)
            mask_img.save(out_path)
            gray = cv2.imread(out_path, cv2.IMREAD_GRAYSCALE)
            gray = cv2.resize(gray,(1918,1280),interpolation=cv2.INTER_CUBIC)
            thr_val, bin_mask = cv2.threshold(gray, 127, 255, cv2.THRESH_BINARY)
            cv2.imwrite(out_path, bin_mask)


if __name__ == '__main__':
    runner = UnetRunner()
    unet_model = runner.build_unet()
    # unet_model.summary() would print the layers
    # (a diagram could be drawn with plot_model)
    runner.train_unet()
    runner.write_mask_images()
