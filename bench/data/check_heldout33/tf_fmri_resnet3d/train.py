import os
import tensorflow as tf
from keras_resnet3d.resnet3d import Resnet3DBuilder

def fit_resnet3d(results_dir, hparams, train_X, val_X, test_X, train_y, val_y, test_y):
    
    # read the settings
    arch_name = hparams['model_type']
    runs_used = hparams['n_runs']
    lr_tag = hparams['learning_rate']  # tag only
    lr_drop = hparams['reduce_lr_rate']
    l2_reg = hparams['regularisation']
    epochs_n = hparams['num_epochs']
    n_labels = hparams['nlabels']
    
    # output file names
    result_prefix = os.path.join(results_dir, f'{arch_name}first_{runs_used}runs_lr_{lr_tag}_reg{l2_reg}_num_epochs{epochs_n}')
    ckpt_file = os.path.join(results_dir, f'{arch_name}first_{runs_used}runs_lr_{lr_tag}_reg{l2_reg}_num_epochs{epochs_n}_weights.best.hdf5')
    log_file = os.path.join(results_dir, f'{arch_name}first_{runs_used}runs_lr_{lr_tag}_reg{l2_reg}_num_epochs{epochs_n}.csv')

    lr_cb = tf.keras.callbacks.ReduceLROnPlateau(
        monitor="val_loss",
        factor=lr_drop,
        patience=30,
        verbose=1,
        mode="auto",
        min_delta=0.0001,
        cooldown=0,
        min_lr=5e-10)


    ckpt_cb = tf.keras.callbacks.ModelCheckpoint(
        ckpt_file, monitor='val_acc', verbose=1, save_best_only=True,
        save_weights_only=True, mode='max') # the metric is named val_acc under tf.keras

    log_cb = tf.keras.callbacks.CSVLogger(log_file, append=True, separator=';')

    if arch_name == 'resnet101_':
        model = Resnet3DBuilder.build_resnet_101(input_shape=(64, 64, 44, 1), num_outputs=n_labels, reg_factor=l2_reg)


    if arch_name == 'resnet50_':
        model = Resnet3DBuilder.build_resnet_50(input_shape=(64, 64, 44, 1), num_outputs=n_labels, reg_factor=l2_reg)


    if arch_name == 'resnet34_':
        model = Resnet3DBuilder.build_resnet_34(input_shape=(64, 64, 44, 1), num_outputs=n_labels, reg_factor=l2_reg)

    model.compile(optimizer="adam",
                  loss='categorical_crossentropy',
                  metrics=['accuracy'])

    fit_history = model.fit(train_X,
                        train_y,
                        batch_size=32,
                        epochs=epochs_n,
                        validation_data=(val_X, val_y),
                        callbacks=[lr_cb,log_cb,ckpt_cb],
                        verbose=1)

    print("scoring the test split")
    test_scores = model.evaluate(test_X, test_y, batch_size=32)
    print(f"test loss and accuracy: {test_scores}")


    return fit_history, result_prefix