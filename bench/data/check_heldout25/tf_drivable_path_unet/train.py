from utils.data_utils import *
from utils.model_utils import *
from utils.values_utils import IMAGES_DIR, MASKS_DIR, VAL_FRACTION, BATCH_LEN, NUM_EPOCHS


def fit_fresh_model(images_dir=IMAGES_DIR, masks_dir=MASKS_DIR, val_fraction=VAL_FRACTION, batch_len=BATCH_LEN,
                    ):
    seg_model = UNet(BASE_FILTERS, NUM_CLASSES, TRAIN_INPUT_SHAPE)
    train_dataset, val_dataset = get_train_dataset(images_dir, masks_dir, val_fraction, batch_len)
    print(seg_model.summary())
    fit_history = seg_model.fit(x=train_dataset,
                        epochs=NUM_EPOCHS,
                        validation_data=val_dataset,
                        callbacks=make_callbacks())
    return seg_model, fit_history

def fit_from_checkpoint(images_dir=IMAGES_DIR, val_masks_dir=MASKS_DIR, val_fraction=VAL_FRACTION, batch_len=BATCH_LEN):
    train_dataset, val_dataset = get_train_dataset(images_dir, val_masks_dir, val_fraction, batch_len)
    seg_model = restore_model()
    print(seg_model.summary)
    fit_history = seg_model.fit(x=train_dataset,
                        epochs=NUM_EPOCHS,
                        validation_data=val_dataset,
                        callbacks=make_callbacks())
    return seg_model, fit_history
