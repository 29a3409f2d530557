# entry point: train the radar nowcasting U-Net

import os
import numpy as np
import tensorflow as tf
import matplotlib.pyplot as plt
from tensorflow.keras.callbacks import EarlyStopping, ModelCheckpoint
from tensorflow.keras.optimizers import Adam
from data_loader import build_all_samples, report_memory
from model_architecture import create_spatiotemporal_unet, weighted_mse
from visualize_results import create_visualizations

# settings
DBZ_CEILING = 70.0
WIND_NORM = 60.0
OUT_HW = (128, 128)
HORIZON = 10
SEQ_LEN = 1
BASE_FILTERS = 64
STEP_SIZE = 0.00043

# where the processed volumes live
MONTH_DIRS = {
    "June": "D:/radar_nc/2023/June",
    "July": "D:/radar_nc/2023/July",
    "August": "D:/radar_nc/2023/August"
}


def run():
    print("---------- reading data ----------")
    print("Building samples for the three summer months...")
    X, Y, t_in, t_out = build_all_samples(
        dir_map=MONTH_DIRS,
        out_hw=OUT_HW,
        horizon=HORIZON,
        seq_len=SEQ_LEN,
        dbz_ceiling=DBZ_CEILING,
        wind_norm=WIND_NORM
    )

    # date-based split
    fit_sel = ((t_in >= "2023-06-01") & (t_in <= "2023-08-20"))
    dev_sel = ((t_in > "2023-08-20") & (t_in <= "2023-08-23"))
    hold_sel = ((t_in > "2023-08-23") & (t_in <= "2023-08-25"))

    X_fit, Y_fit = X[fit_sel], Y[fit_sel]
    X_dev, Y_dev = X[dev_sel], Y[dev_sel]
    X_hold, Y_hold = X[hold_sel], Y[hold_sel]
    hold_times = t_in[hold_sel]

    print(f"fit samples: {len(X_fit)}")
    print(f"dev samples: {len(X_dev)}")
    print(f"hold-out samples: {len(X_hold)}")

    print("---------- model ----------")
    net = create_spatiotemporal_unet(input_shape=X_fit.shape[1:])
    net.compile(optimizer=Adam(STEP_SIZE), loss=weighted_mse, metrics=['mae'])

    print("---------- training ----------")
    hist = net.fit(
        X_fit, Y_fit,
        validation_data=(X_dev, Y_dev),
        epochs=100,
        batch_size=8,
        callbacks=[
            EarlyStopping(patience=40, restore_best_weights=True),
            ModelCheckpoint("radar_unet_best.keras", save_best_only=True)
        ]
    )

    print("---------- curves ----------")
    plt.figure(figsize=(12, 6))
    plt.subplot(1, 2, 1)
    plt.plot(hist.history['loss'], label='fit loss')
    plt.plot(hist.history['val_loss'], label='dev loss')
    plt.title('Loss')
    plt.xlabel('epoch')
    plt.ylabel('loss')
    plt.legend()

    plt.subplot(1, 2, 2)
    plt.plot(hist.history['mae'], label='fit MAE')
    plt.plot(hist.history['val_mae'], label='dev MAE')
    plt.title('MAE')
    plt.xlabel('epoch')
    plt.ylabel('MAE')
    plt.legend()
    plt.tight_layout()
    plt.savefig("curves.png")
    plt.show()

    print("---------- plots ----------")
    create_visualizations(net, X_hold, Y_hold, hold_times)

    print("---------- scores ----------")
    fit_res = net.evaluate(X_fit, Y_fit, verbose=0)
    dev_res = net.evaluate(X_dev, Y_dev, verbose=0)
    hold_res = net.evaluate(X_hold, Y_hold, verbose=0)

    print(f"fit  : MSE {fit_res[0]:.4f}, MAE {fit_res[1]:.4f}")
    print(f"dev  : MSE {dev_res[0]:.4f}, MAE {dev_res[1]:.4f}")
    print(f"hold : MSE {hold_res[0]:.4f}, MAE {hold_res[1]:.4f}")


if __name__ == "__main__":
    run()
