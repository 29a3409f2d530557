#!/usr/bin/env python
# script : train.py
# purpose: fit the SRGAN generator and discriminator
# origin : SRGAN example project
# year   : 2018
# run as : python train.py with the flags below
# python : 3.5

from Network import Generator, Discriminator
import Utils_model, Utils
from Utils_model import VGG_LOSS

from keras.models import Model
from keras.layers import Input
from tqdm import tqdm
import numpy as np
import argparse

np.random.seed(10)
# shrink factor between HR and LR images
scale_factor = 4
# HR crop size the data must match
hr_shape = (384,384,3)

# generator followed by the frozen discriminator
def build_adversarial_model(discriminator, lr_shape, generator, optimizer, content_loss):
    discriminator.trainable = False
    lr_input = Input(shape=lr_shape)
    sr = generator(lr_input)
    realness = discriminator(sr)
    adversarial = Model(inputs=lr_input, outputs=[sr,realness])
    adversarial.compile(loss=[content_loss, "binary_crossentropy"],
                loss_weights=[1., 1e-3],
                optimizer=optimizer)

    return adversarial

# every option has a default; see the argparse block at the bottom
# (python train.py -h lists them)
def train(epochs, batch_size, input_dir, output_dir, model_save_dir, n_images, train_fraction):
    
    train_lr, train_hr, test_lr, test_hr = Utils.read_train_test_images(input_dir, '.jpg', n_images, train_fraction) 
    vgg_content = VGG_LOSS(hr_shape)  
    
    steps_per_epoch = int(train_hr.shape[0] / batch_size)
    lr_shape = (hr_shape[0]//scale_factor, hr_shape[1]//scale_factor, hr_shape[2])
    
    generator = Generator(lr_shape).generator()
    discriminator = Discriminator(hr_shape).discriminator()

    optimizer = Utils_model.get_optimizer()
    generator.compile(loss=vgg_content.vgg_loss, optimizer=optimizer)
    discriminator.compile(loss="binary_crossentropy", optimizer=optimizer)
    
    adversarial = build_adversarial_model(discriminator, lr_shape, generator, optimizer, vgg_content.vgg_loss)
    
    loss_log = open(model_save_dir + 'losses.txt' , 'w+')
    loss_log.close()

    for e in range(1, epochs+1):
        print ('-'*15, 'epoch %d' % e, '-'*15)
        for _ in tqdm(range(steps_per_epoch)):
            
            picks = np.random.randint(0, train_hr.shape[0], size=batch_size)
            
            hr_batch = train_hr[picks]
            lr_batch = train_lr[picks]
            sr_batch = generator.predict(lr_batch)

            real_targets = np.ones(batch_size) - np.random.random_sample(batch_size)*0.2
            fake_targets = np.random.random_sample(batch_size)*0.2
            
            discriminator.trainable = True
            
            d_loss_on_real = discriminator.train_on_batch(hr_batch, real_targets)
            d_loss_on_fake = discriminator.train_on_batch(sr_batch, fake_targets)
            d_loss = 0.5 * np.add(d_loss_on_fake, d_loss_on_real)
            
            picks = np.random.randint(0, train_hr.shape[0], size=batch_size)
            hr_batch = train_hr[picks]
            lr_batch = train_lr[picks]

            adv_targets = np.ones(batch_size) - np.random.random_sample(batch_size)*0.2
            discriminator.trainable = False
            adv_loss = adversarial.train_on_batch(lr_batch, [hr_batch,adv_targets])
            
            
        print("discriminator loss : %f" % d_loss)
        print("adversarial loss :", adv_loss)
        adv_loss = str(adv_loss)
        
        loss_log = open(model_save_dir + 'losses.txt' , 'a')
        loss_log.write('epoch%d : gan_loss = %s ; discriminator_loss = %f\n' %(e, adv_loss, d_loss) )
        loss_log.close()

        if e == 1 or e % 5 == 0:
            Utils.save_sample_images(output_dir, e, generator, test_hr, test_lr)
        if e % 500 == 0:
            generator.save(model_save_dir + 'gen_model%d.h5' % e)
            discriminator.save(model_save_dir + 'dis_model%d.h5' % e)


if __name__== "__main__":

    cli = argparse.ArgumentParser()
    
    cli.add_argument('-i', '--input_dir', action='store', dest='input_dir', default='./data/' ,
                    help='folder of HR training images')
                    
    cli.add_argument('-o', '--output_dir', action='store', dest='output_dir', default='./output/' ,
                    help='folder for sample outputs')
    
    cli.add_argument('-m', '--model_save_dir', action='store', dest='model_save_dir', default='./model/' ,
                    help='folder for saved models')

    cli.add_argument('-b', '--batch_size', action='store', dest='batch_size', default=64,
                    help='images per step', type=int)
                    
    cli.add_argument('-e', '--epochs', action='store', dest='epochs', default=1000 ,
                    help='how many epochs to run', type=int)
                    
    cli.add_argument('-n', '--number_of_images', action='store', dest='n_images', default=1000 ,
                    help='how many images to use', type= int)
                    
    cli.add_argument('-r', '--train_test_ratio', action='store', dest='train_fraction', default=0.8 ,
                    help='share of images used for training', type=float)
    
    opts = cli.parse_args()
    
    train(opts.epochs, opts.batch_size, opts.input_dir, opts.output_dir, opts.model_save_dir, opts.n_images, opts.train_fraction)


