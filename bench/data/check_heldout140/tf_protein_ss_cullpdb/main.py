# Entry point: secondary structure (8 classes) per residue with a windowed CNN.

import numpy as np
from time import time
from keras import optimizers, callbacks
from timeit import default_timer as timer
from dataset import get_dataset_reshaped, split_dataset, get_resphaped_dataset_paper, get_cb513, is_filtered
import model

import pickle

use_filtered = is_filtered()

log_runs = True
early_stop_on = False
draw_curves = True

t0 = timer()

print("Preparing the protein data...")

if use_filtered:
    # random 80/10/10 split of the filtered set (seeded)
    Xtr, Xva, Xte, Ytr, Yva, Yte = get_dataset_reshaped(seed=100)
else:
    # fixed split indices from the original publication (unfiltered set only)
    Xtr, Xva, Xte, Ytr, Yva, Yte = get_resphaped_dataset_paper()

t1 = timer()
print("\n\nData preparation took " + "{0:.2f}".format((t1 - t0)) + " s")

if use_filtered:
    print("Filtered CullPDB in use")

cnn = model.CNN_model()

t0 = timer()

fit_hist = None

cb_list = [model.checkpoint]

if use_filtered:
    tb_dir = "logs/CullPDB_Filtered/{}".format(time())
else:
    tb_dir = "logs/CullPDB/{}".format(time())

if log_runs:
    cb_list.append(callbacks.TensorBoard(log_dir=tb_dir, histogram_freq=0, write_graph=True))

if early_stop_on:
    cb_list.append(model.early_stop)

fit_hist = cnn.fit(Xtr, Ytr, epochs=model.nn_epochs, batch_size=model.batch_dim, shuffle=True,
                        validation_data=(Xva, Yva), callbacks=cb_list)

t1 = timer()
print("\n\nFitting took " + "{0:.2f}".format((t1 - t0)) + " s")

res = cnn.evaluate(Xte, Yte)
print("test loss " + str(res[0]) + ", test acc " + str(res[1]) + ", test mae " + str(res[2]))
#print(res)

cb_x, cb_y = get_cb513()

cb_res = cnn.evaluate(cb_x, cb_y)
print("CB513 loss " + str(cb_res[0]) + ", acc " + str(cb_res[1]) + ", mae " + str(cb_res[2]))

hist_file = open("lasthistory.pickle","wb")
pickle.dump(fit_hist, hist_file)
hist_file.close()

if draw_curves:
    from plot_history import plot_history
    plot_history(fit_hist)
