import os
import sys
import glob
import argparse
import numpy as np
from matplotlib import pyplot as plt
from keras.applications.mobilenet import MobileNet, preprocess_input
from keras.applications import mobilenet
from keras.preprocessing import image
from keras.preprocessing.image import ImageDataGenerator
from keras.models import Model, load_model
from keras.layers import Dense, GlobalAveragePooling2D
from keras import backend as K
from keras.optimizers import SGD
from keras.utils import np_utils
from keras.layers import Input

IMG_W, IMG_H, IMG_C = 128, 128, 3
DEFAULT_EPOCHS = 3
DEFAULT_BATCH = 32
HEAD_UNITS = 1024
FROZEN_LAYERS = 70 # layers kept fixed while fine-tuning
N_CLASSES = 256 # output classes (Caltech-256)

def count_files(root_dir):
    """Count the files in every sub-folder below root_dir."""
    if not os.path.exists(root_dir):
      return 0
    n_files = 0
    for cur_dir, sub_dirs, file_names in os.walk(root_dir):
      for sub in sub_dirs:
        n_files += len(glob.glob(os.path.join(cur_dir, sub + "/*")))
    return n_files

def freeze_backbone(tl_model, backbone_model):
    """Stage 1: only the new head is trained."""
    for lyr in backbone_model.layers:
      lyr.trainable = False
    tl_model.compile(optimizer='rmsprop', loss='categorical_crossentropy', metrics=['accuracy'])

def attach_head(backbone_model, n_classes):
    """Put a pooling + dense + softmax head on the backbone.

    in:
      backbone_model: the network without its top
      n_classes: size of the softmax

    out:
      the model with the head
    """
    h = backbone_model.output
    # pool the last feature map
    h = GlobalAveragePooling2D()(h)
    # hidden dense layer
    h = Dense(HEAD_UNITS, activation='relu')(h)
    # softmax over n_classes
    class_probs = Dense(n_classes, activation='softmax')(h)
    tl_model = Model(input=backbone_model.input, output=class_probs)
    return tl_model

def unfreeze_top(tl_model):
    """Stage 2: train everything above the first FROZEN_LAYERS layers.

    (FROZEN_LAYERS leaves the last two MobileNet blocks trainable)

    in:
      tl_model: the model to recompile
    """
    for lyr in tl_model.layers[:FROZEN_LAYERS]:
       lyr.trainable = False
    for lyr in tl_model.layers[FROZEN_LAYERS:]:
       lyr.trainable = True
    tl_model.compile(optimizer=SGD(lr=0.0001, momentum=0.9), loss='categorical_crossentropy', metrics=['accuracy'])

def run_training(cli_args):
    """Head training, then fine-tuning, on the given image folders."""
    n_train_images = count_files(cli_args.train_dir)
    n_classes = len(glob.glob(cli_args.train_dir + "/*"))
    n_val_images = count_files(cli_args.val_dir)
    epoch_n = int(cli_args.nb_epoch)
    batch_n = int(cli_args.batch_size)

    # augmenting generators
    train_aug =  ImageDataGenerator(
        preprocessing_function=preprocess_input,
        rotation_range=30,
        width_shift_range=0.2,
        height_shift_range=0.2,
        shear_range=0.2,
        zoom_range=0.2,
        horizontal_flip=True
    )

    val_aug = ImageDataGenerator(
        preprocessing_function=preprocess_input,
        rotation_range=30,
        width_shift_range=0.2,
        height_shift_range=0.2,
        shear_range=0.2,
        zoom_range=0.2,
        horizontal_flip=True
    )

    train_flow = train_aug.flow_from_directory(
        cli_args.train_dir,
        target_size=(IMG_W, IMG_H),
        batch_size=batch_n,
    )

    val_flow = val_aug.flow_from_directory(
        cli_args.val_dir,
        target_size=(IMG_W, IMG_H),
        batch_size=batch_n,
    )

    # ImageNet MobileNet without its classifier, at our input size
    backbone_model = MobileNet(input_shape = (IMG_W, IMG_H, IMG_C), weights="imagenet", include_top=False)

    # new head
    tl_model = attach_head(backbone_model, n_classes)

    # stage 1
    freeze_backbone(tl_model, backbone_model)

    hist_head = tl_model.fit_generator(
        train_flow,
        nb_epoch=epoch_n,
        samples_per_epoch=n_train_images,
        validation_data=val_flow,
        nb_val_samples=n_val_images,
        class_weight='auto')

    # stage 2
    unfreeze_top(tl_model)

    hist_finetune = tl_model.fit_generator(
        train_flow,
        samples_per_epoch=n_train_images,
        nb_epoch=epoch_n,
        validation_data=val_flow,
        nb_val_samples=n_val_images,
        class_weight='auto')

    tl_model.save(cli_args.output_model_file)

    if cli_args.plot:
        plot_curves(hist_finetune)

def plot_curves(hist):
    train_acc = hist.history['acc']
    valid_acc = hist.history['val_acc']
    train_loss = hist.history['loss']
    valid_loss = hist.history['val_loss']
    epoch_idx = range(len(train_acc))

    plt.plot(epoch_idx, train_acc, 'r.')
    plt.plot(epoch_idx, valid_acc, 'r')
    plt.title('accuracy, train vs val')

    plt.figure()
    plt.plot(epoch_idx, train_loss, 'r.')
    plt.plot(epoch_idx, valid_loss, 'r-')
    plt.title('loss, train vs val')
    plt.show()


if __name__=="__main__":
    cli = argparse.ArgumentParser()
    cli.add_argument("--train_dir")
    cli.add_argument("--val_dir")
    cli.add_argument("--nb_epoch", default=DEFAULT_EPOCHS)
    cli.add_argument("--batch_size", default=DEFAULT_BATCH)
    cli.add_argument("--output_model_file")
    cli.add_argument("--plot", action="store_true")

    cli_args = cli.parse_args()
    if cli_args.train_dir is None or cli_args.val_dir is None:
      cli.print_help()
      sys.exit(1)

    if (not os.path.exists(cli_args.train_dir)) or (not os.path.exists(cli_args.val_dir)):
      print("train_dir or val_dir is missing")
      sys.exit(1)

    run_training(cli_args)
