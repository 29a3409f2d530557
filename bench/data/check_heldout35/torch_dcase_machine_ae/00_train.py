########################################################################
# standard-library imports
########################################################################
import os
import sys
import gc
########################################################################


########################################################################
# third-party imports
########################################################################
import numpy as np
import scipy.stats
# progress bars
from tqdm import tqdm
try:
    from sklearn.externals import joblib
except:
    import joblib
# helpers of this project
import common as com
import torch
from model import DenseAutoEncoder
import dataloader_dcase
from torch.utils.data import DataLoader
########################################################################


########################################################################
# read the yaml settings
########################################################################
params = com.yaml_load()
########################################################################


########################################################################
# loss-curve plotting
########################################################################
class LossPlotter(object):
    def __init__(self):
        import matplotlib.pyplot as plt
        self.pyplot = plt
        self.canvas = self.pyplot.figure(figsize=(7, 5))
        self.pyplot.subplots_adjust(wspace=0.3, hspace=0.3)

    def draw_loss(self, train_curve, val_curve):
        """
        Draw the two loss curves.

        train_curve : list of float
            loss per epoch on the training data.
        val_curve : list of float
            loss per epoch on the validation data.

        returns nothing
        """
        axes = self.canvas.add_subplot(1, 1, 1)
        axes.cla()
        axes.plot(train_curve)
        axes.plot(val_curve)
        axes.set_title("Reconstruction loss")
        axes.set_xlabel("Epoch")
        axes.set_ylabel("Loss")
        axes.legend(["Train", "Validation"], loc="upper right")

    def write_figure(self, png_path):
        """
        Write the figure to disk.

        png_path : str
            where the png goes.

        returns nothing
        """
        self.pyplot.savefig(png_path)


########################################################################


########################################################################
# turn a list of wav paths into one feature matrix
########################################################################
def files_to_feature_data(wav_files,
                      progress_text="computing...",
                      n_mels=64,
                      n_frames=5,
                      n_hop_frames=1,
                      n_fft=1024,
                      hop_length=512,
                      power=2.0,
                      linear=0):
    """
    Build one 2-D array out of every file's frame vectors.
    Each file goes through the feature helper and its rows are stacked.

    wav_files : list of str
        the .wav files of one machine type
    progress_text : str
        label shown next to the tqdm bar.
        passed to tqdm as desc.

    returns a 2-D numpy array
        the training matrix (not used at test time)
        * shape = (number of frame vectors, length of one frame vector)
    """
    # length of one stacked frame vector
    feature_dims = n_mels * n_frames

    # one pass per file
    for file_idx in tqdm(range(len(wav_files)), desc=progress_text):
        if linear == 0:
            frame_vectors = com.file_to_vectors(wav_files[file_idx],
                                                n_mels=n_mels,
                                                n_frames=n_frames,
                                                n_fft=n_fft,
                                                hop_length=hop_length,
                                                power=power)
        else:
            frame_vectors = com.file_to_vectors_linear(wav_files[file_idx],
                                                n_mels=n_mels,
                                                n_frames=n_frames,
                                                n_fft=n_fft,
                                                hop_length=hop_length,
                                                power=power)
        frame_vectors = frame_vectors[: : n_hop_frames, :]
        if file_idx == 0:
            feature_data = np.zeros((len(wav_files) * frame_vectors.shape[0], feature_dims), float)
        feature_data[frame_vectors.shape[0] * file_idx : frame_vectors.shape[0] * (file_idx + 1), :] = frame_vectors

    return feature_data


########################################################################


########################################################################
# entry point
########################################################################
if __name__ == "__main__":
    # development or evaluation run
    # "development": run_mode == True
    # "evaluation": run_mode == False
    run_mode = com.command_line_chk()
    if run_mode is None:
        sys.exit(-1)

    # where the weights go
    os.makedirs(params["model_directory"], exist_ok=True)

    # plotting helper
    loss_plotter = LossPlotter()

    # one folder per machine type
    machine_dirs = com.select_dirs(param=params, mode=run_mode)

    device=torch.device('cuda:0') if torch.cuda.is_available() else torch.device('cpu')

    # train one model per machine type
    for idx, machine_dir in enumerate(machine_dirs):
        print("\n---------------------------")
        print("machine {idx} of {total}: {machine_dir}".format(machine_dir=machine_dir, idx=idx+1, total=len(machine_dirs)))

        # output paths
        machine_name = os.path.split(machine_dir)[1]
        model_path = "{model}/model_{machine_type}.hdf5".format(model=params["model_directory"],
                                                                     machine_type=machine_name)

        if os.path.exists(model_path):
            com.logger.info("weights already there, skipping")
            continue

        history_png = "{model}/history_{machine_type}.png".format(model=params["model_directory"],
                                                                  machine_type=machine_name)
        # where the fitted score distribution would be pickled
        score_dist_path = "{model}/score_distr_{machine_type}.pkl".format(model=params["model_directory"],
                                                                                machine_type=machine_name)

        # build the training matrix
        print("-------------- building features --------------")

        # wav files of every section
        # labels are all normal (zero) for training
        wav_files, true_labels = com.file_list_generator(target_dir=machine_dir,
                                                section_name="*",
                                                dir_name="train",
                                                mode=run_mode)

        print(wav_files.shape)
        drop_idx = []
        for i, fname in enumerate(wav_files):
            if "section_03" in fname or "section_04" in fname or "section_05" in fname:
                drop_idx.append(i)
        wav_files = np.delete(wav_files, drop_idx)
        print(wav_files.shape)

        feature_data = files_to_feature_data(wav_files,
                                 progress_text="building train features",
                                 n_mels=params["feature"]["n_mels"],
                                 n_frames=params["feature"]["n_frames"],
                                 n_hop_frames=params["feature"]["n_hop_frames"],
                                 n_fft=params["feature"]["n_fft"],
                                 hop_length=params["feature"]["hop_length"],
                                 power=params["feature"]["power"],
                                 linear=params["feature"]["linear"])

        # frame vectors contributed by each file
        vectors_per_file = int(feature_data.shape[0] / len(wav_files))

        train_dataset = dataloader_dcase.FeatureArrayDataset(feature_data)
        train_loader = DataLoader(train_dataset, batch_size=params["fit"]["batch_size"], shuffle=True)
        val_dataset = dataloader_dcase.FeatureArrayDataset(feature_data)
        val_loader = DataLoader(val_dataset, 1, shuffle=False)

        model = DenseAutoEncoder(params["feature"]["n_mels"] * params["feature"]["n_frames"])
        model.to(device)
        print(model)
        mse_loss = torch.nn.MSELoss()
        ae_optimizer = torch.optim.Adam(model.parameters(), lr=params["fit"]["lr"])

        # optimisation
        print("-------------- training --------------")
        for epoch in range(params["fit"]["epochs"]):
            epoch_loss_sum = 0.0
            last_step = 0
            for step, batch_x in enumerate(tqdm(train_loader)):
                batch_x = batch_x.to(device=device, dtype=torch.float)
                ae_optimizer.zero_grad()
                recon = model(batch_x)
                loss = mse_loss(recon, batch_x)
                loss.backward()
                ae_optimizer.step()
                epoch_loss_sum += loss.item()
                last_step=step

            print('epoch {} mean loss {}'.format(epoch + 1, epoch_loss_sum / last_step))
            epoch_loss_sum = 0.0
            last_step = 0

        torch.save(model.state_dict(), model_path)
        com.logger.info("weights written to {}".format(model_path))
        print("-------------- training done --------------")

        # (disabled) reconstruction errors to fit the score distribution
        # recon_errors = []
        # start_idx = 0
        # model.eval()
        # for step, batch_x in enumerate(tqdm(val_loader)):
        #     batch_x = batch_x.to(device=device, dtype=torch.float)
        #     recon_np = model(batch_x).cpu().detach().numpy()
        #     batch_x = batch_x.cpu().detach().numpy()
        #     recon_errors.append(np.mean(np.square(batch_x - recon_np)))

        # # (disabled) fit a gamma distribution to the errors
        # shape_hat, loc_hat, scale_hat = scipy.stats.gamma.fit(recon_errors)
        # gamma_params = [shape_hat, loc_hat, scale_hat]
        # joblib.dump(gamma_params, score_dist_path)

        del feature_data
        del model
        del ae_optimizer
        del train_dataset
        del train_loader
        gc.collect()
