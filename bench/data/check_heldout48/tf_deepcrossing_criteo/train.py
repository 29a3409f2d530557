from criteo import create_criteo_dataset
from models.DeepCrossing.model import DeepCrossing
from tensorflow.keras.optimizers import Adam
from tensorflow.keras.losses import binary_crossentropy
from tensorflow.keras.metrics import AUC

if __name__ == '__main__':
    log_path = r"D:\data\kaggle_ad_ctr\train.txt"
    emb_width = 8

    layer_sizes = [256, 128, 64]
    bs = 64
    n_epochs = 10
    field_info, (x_fit, y_fit), (x_hold, y_hold) = create_criteo_dataset(file=log_path, embed_dim=emb_width)
    net = DeepCrossing(feature_column=field_info, hidden_units=layer_sizes, res_dropout=0.5)
    net.compile(optimizer=Adam(), loss=binary_crossentropy, metrics=AUC())
    net.fit(x=x_fit, y=y_fit, batch_size=bs, epochs=n_epochs, validation_split=0.1, shuffle=True)
    print("held-out AUC:", net.evaluate(x=x_hold, y=y_hold, batch_size=bs)[1])
