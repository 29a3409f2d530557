"""
Fit a sequence classifier on UCF101 clips (saved features or raw frames).
"""
from keras.callbacks import TensorBoard, ModelCheckpoint, EarlyStopping, CSVLogger
from models import ResearchModels
from data import ClipDataset
import time
import os.path

def fit_video_model(data_kind, frames_per_clip, model_name, saved_model_file=None,
          max_classes=None, image_dims=None,
          preload_in_memory=False, per_batch=32, epoch_count=100):
    # checkpoint callback
    ckpt_cb = ModelCheckpoint(
        filepath=os.path.join('data', 'checkpoints', model_name + '-' + data_kind + \
            '.{epoch:03d}-{val_loss:.3f}.hdf5'),
        verbose=1,
        save_best_only=True)

    # TensorBoard callback
    tb_cb = TensorBoard(log_dir=os.path.join('data', 'logs', model_name))

    # early stopping once val loss stalls
    stop_cb = EarlyStopping(patience=5)

    # CSV log of every epoch
    run_stamp = time.time()
    csv_cb = CSVLogger(os.path.join('data', 'logs', model_name + '-' + 'training-' + \
        str(run_stamp) + '.log'))

    # build the clip table
    if image_dims is None:
        clip_data = ClipDataset(
            frames_per_clip=frames_per_clip,
            max_classes=max_classes
        )
    else:
        clip_data = ClipDataset(
            frames_per_clip=frames_per_clip,
            max_classes=max_classes,
            image_dims=image_dims
        )

    # steps per epoch:
    # assume about 70% of the rows belong to the train split
    epoch_steps = (len(clip_data.data_rows) * 0.7) // per_batch

    if preload_in_memory:
        # whole splits as arrays
        train_X, train_y = clip_data.load_all_sequences_to_memory('train', data_kind)
        test_X, test_y = clip_data.load_all_sequences_to_memory('test', data_kind)
    else:
        # streaming batch generators
        train_gen = clip_data.frame_batch_generator(per_batch, 'train', data_kind)
        val_gen = clip_data.frame_batch_generator(per_batch, 'test', data_kind)

    # build the network
    zoo = ResearchModels(len(clip_data.class_names), model_name, frames_per_clip, saved_model_file)

    # training
    if preload_in_memory:
        # in-memory arrays
        zoo.model.fit(
            train_X,
            train_y,
            batch_size=per_batch,
            validation_data=(test_X, test_y),
            verbose=1,
            callbacks=[tb_cb, stop_cb, csv_cb],
            epochs=epoch_count)
    else:
        # generator-fed training
        zoo.model.fit_generator(
            generator=train_gen,
            steps_per_epoch=epoch_steps,
            epochs=epoch_count,
            verbose=1,
            callbacks=[tb_cb, stop_cb, csv_cb, ckpt_cb],
            validation_data=val_gen,
            validation_steps=40,
            workers=4)

def run_main():
    """Run settings; edit them here before launching
    the script."""
    # one of lstm, lrcn, mlp, conv_3d, c3d
    model_name = 'lstm'
    saved_model_file = None  # optional weights to start from
    max_classes = None  # 1..101, or None for all
    frames_per_clip = 40
    preload_in_memory = False  # True reads every sequence up front
    per_batch = 32
    epoch_count = 1000

    # frame-based models read images, the others read features
    if model_name in ['conv_3d', 'c3d', 'lrcn']:
        data_kind = 'images'
        image_dims = (80, 80, 3)
    elif model_name in ['lstm', 'mlp']:
        data_kind = 'features'
        image_dims = None
    else:
        raise ValueError("unknown model name; the valid ones are listed above")

    fit_video_model(data_kind, frames_per_clip, model_name, saved_model_file=saved_model_file,
          max_classes=max_classes, image_dims=image_dims,
          preload_in_memory=preload_in_memory, per_batch=per_batch, epoch_count=epoch_count)

if __name__ == '__main__':
    run_main()
