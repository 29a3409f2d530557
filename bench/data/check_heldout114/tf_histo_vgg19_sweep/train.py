import logging
from models.cnn_simple import SmallCNN
from models.vgg19_simple import VGG19Head


logging.basicConfig(level=logging.INFO)
log = logging.getLogger(__name__)


def sweep_small_cnn(cnn_grid):
    for k in range(cnn_grid['model_number']):
        log.info('Building small CNN run ' + str(k+1) + '...')

        run = SmallCNN(run_name='SweepSmallCNN',  # NOQA: F841
                       data_name='nct_crc_he_100k',
                       split_sizes=(70010, 14995, 14995),
                       class_names=['ADI', 'BACK', 'CAS', 'CAE', 'DEB', 'LYM', 'MUC', 'NCM', 'SM'],
                       image_size=(150, 150),
                       augment=True,
                       batch_size=64,
                       loss='categorical_crossentropy',
                       learning_rate=cnn_grid['learning_rate'][k],
                       optimizer=cnn_grid['optimizer'][k],
                       metrics=['acc'],
                       epochs=cnn_grid['epochs'][k],
                       skip_filters=True)  # NOQA: F841

    return 0


def sweep_vgg19(vgg_grid):
    for k in range(vgg_grid['model_number']):
        log.info('Building VGG19 run ' + str(k+1) + '...')

        run = VGG19Head(run_name='SweepVGG19',  # NOQA: F841
                        data_name='break_his',
                        split_sizes=(1463, 309, 309),
                        class_names=['ADE', 'DUC', 'FIB', 'LOB', 'MUC', 'PAP', 'PHY', 'TUB'],
                        image_size=(150, 150),
                        augment=True,
                        batch_size=64,
                        weights='imagenet',
                        include_top=False,
                        loss='categorical_crossentropy',
                        learning_rate=vgg_grid['learning_rate'][k],
                        optimizer=vgg_grid['optimizer'][k],
                        metrics=['acc'],
                        epochs=vgg_grid['epochs'][k],
                        fine_tune=True,
                        first_trainable_block=vgg_grid['first_trainable_block'][k],
                        fine_tune_learning_rate=vgg_grid['fine_tune_learning_rate'][k],
                        fine_tune_epochs=vgg_grid['fine_tune_epochs'][k],
                        skip_filters=True)
    return 0


def run_all(cnn_grid, vgg_grid):
    try:
        sweep_small_cnn(cnn_grid)
        sweep_vgg19(vgg_grid)
    except Exception as err:
        log.info('Sweep failed: {}'.format(err), exc_info=True)
        return 1
    return 0
