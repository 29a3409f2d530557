import numpy as np
import pandas as pd
import os
import glob
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import LSTM, Dense, Dropout
from tensorflow.keras.callbacks import EarlyStopping, ModelCheckpoint
from sklearn.model_selection import train_test_split
import matplotlib.pyplot as plt

# Folders
clean_dir = r"D:\gaze\work\clean"
model_out_dir = r"D:\gaze\work\models"
os.makedirs(model_out_dir, exist_ok=True)

# Read every cleaned recording
def read_clean_recordings(clean_dir, win=30, board_w=600, board_h=400):
    windows = []
    targets = []
    rec_files = glob.glob(os.path.join(clean_dir, "clean_*.csv"))
    if not rec_files:
        print(f"No cleaned recordings under {clean_dir}")
        exit()

    print(f"{len(rec_files)} cleaned recordings")
    for k, rec_file in enumerate(rec_files):
        print(f"Reading {k + 1}/{len(rec_files)}: {os.path.basename(rec_file)}")
        try:
            rec = pd.read_csv(rec_file)
            if 'x' not in rec.columns or 'y' not in rec.columns:
                print(f"{rec_file} has no x/y, skipped")
                continue
            # reject empty or flat recordings
            if rec.empty or rec['x'].nunique() <= 1 or rec['y'].nunique() <= 1:
                print(f"{rec_file} is empty or flat, skipped")
                continue
            # squeeze gaze into the range the live demo produces
            lo_x, hi_x = rec['x'].min(), rec['x'].max()
            lo_y, hi_y = rec['y'].min(), rec['y'].max()
            if hi_x > lo_x and hi_y > lo_y:
                gx = 0.50 + (rec['x'] - lo_x) / (hi_x - lo_x) * (0.65 - 0.50)
                gy = 0.44 + (rec['y'] - lo_y) / (hi_y - lo_y) * (0.50 - 0.44)
            else:
                print(f"{rec_file} has a degenerate range, skipped")
                continue
            # screen position on the board (source screen taken as 1920x1080)
            sx = rec['x'] / 1920 * board_w
            sy = rec['y'] / 1080 * board_h
            # sliding windows
            for t in range(len(rec) - win):
                w = [[gx[t+s], gy[t+s]] for s in range(win)]
                tgt = [sx[t+win-1], sy[t+win-1]]
                windows.append(w)
                targets.append(tgt)
        except Exception as e:
            print(f"Failed on {rec_file}: {e}")
            continue
    return np.array(windows), np.array(targets)

# Read
X, y = read_clean_recordings(clean_dir)
if X.size == 0 or y.size == 0:
    print("Nothing usable was read")
    print("Look at the cleaned CSVs for x and y values")
    exit()

# targets to 0..1
y[:, 0] /= 600  # board width
y[:, 1] /= 400  # board height

# Splits
X_tr, X_rest, y_tr, y_rest = train_test_split(X, y, test_size=0.2, random_state=7)
X_va, X_te, y_va, y_te = train_test_split(X_rest, y_rest, test_size=0.5, random_state=7)
print(f"train {len(X_tr)}, val {len(X_va)}, test {len(X_te)}")

# Recurrent regressor
net = Sequential([
    LSTM(64, input_shape=(30, 2), return_sequences=False),
    Dropout(0.2),
    Dense(32, activation='relu'),
    Dropout(0.2),
    Dense(2)  # board (x, y)
])
net.compile(optimizer='adam', loss='mse', metrics=['mae'])
net.summary()

# Callbacks
stopper = EarlyStopping(monitor='val_loss', patience=10, restore_best_weights=True)
saver = ModelCheckpoint(
    os.path.join(model_out_dir, 'gaze_lstm.h5'),
    monitor='val_loss',
    save_best_only=True
)

# Fit
hist = net.fit(
    X_tr, y_tr,
    validation_data=(X_va, y_va),
    epochs=100,
    batch_size=32,
    callbacks=[stopper, saver],
    verbose=1
)

# Test split
te_loss, te_mae = net.evaluate(X_te, y_te)
print(f"test loss {te_loss:.4f}, test mae {te_mae:.4f}")

# Curves
plt.figure(figsize=(12, 4))
plt.subplot(1, 2, 1)
plt.plot(hist.history['loss'], label='train loss')
plt.plot(hist.history['val_loss'], label='val loss')
plt.title('Loss')
plt.legend()
plt.subplot(1, 2, 2)
plt.plot(hist.history['mae'], label='train MAE')
plt.plot(hist.history['val_mae'], label='val MAE')
plt.title('MAE')
plt.legend()
plt.savefig(os.path.join(model_out_dir, 'curves.png'))
plt.close()

# Final weights
net.save(os.path.join(model_out_dir, 'gaze_lstm_final.h5'))
print(f"saved under {model_out_dir}")
