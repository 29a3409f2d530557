import model
import data_create
import argparse
import os
import cv2
import numpy as np
import tensorflow as tf

if __name__ == "__main__":
    cli = argparse.ArgumentParser(description='SRCNN with tf.keras')

    cli.add_argument('--train_height', type = int, default = 33, help = "height of a training crop")
    cli.add_argument('--train_width', type = int, default = 33, help = "width of a training crop")
    cli.add_argument('--test_height', type = int, default = 700, help = "height of a test crop")
    cli.add_argument('--test_width', type = int, default = 700, help = "width of a test crop")
    cli.add_argument('--train_dataset_num', type = int, default = 10000, help = "how many training crops")
    cli.add_argument('--test_dataset_num', type = int, default = 5, help = "how many test crops")
    cli.add_argument('--train_cut_num', type = int, default = 10, help = "training crops per picture")
    cli.add_argument('--test_cut_num', type = int, default = 1, help = "test crops per picture")
    cli.add_argument('--train_path', type = str, default = "../../dataset/DIV2K_train_HR", help = "folder of training pictures")
    cli.add_argument('--test_path', type = str, default = "../../dataset/DIV2K_valid_HR", help = "folder of test pictures")
    cli.add_argument('--learning_rate', type = float, default = 1e-4, help = "step size")
    cli.add_argument('--BATCH_SIZE', type = int, default = 32, help = "batch size")
    cli.add_argument('--EPOCHS', type = int, default = 500, help = "number of epochs")
   
    def psnr(y_true, y_pred):
        return tf.image.psnr(y_true, y_pred, 1, name=None)

    cli.add_argument('--mode', type=str, default='train_model', help='train_datacreate, test_datacreate, train_model, evaluate')

    opts = cli.parse_args()

    if opts.mode == 'train_datacreate': # build the training crops
        maker = data_create.datacreate()
        tr_low, tr_high = maker.datacreate(opts.train_path,       # source folder
                                            opts.train_dataset_num,     # how many crops
                                            opts.train_cut_num,         # crops per picture
                                            opts.train_height,          # crop size
                                            opts.train_width)   
        out_name = "train_data_list"
        np.savez(out_name, tr_low, tr_high)

    elif opts.mode == 'test_datacreate': # build the test crops
        maker = data_create.datacreate()
        te_low, te_high = maker.datacreate(opts.test_path,
                                            opts.test_dataset_num,
                                            opts.test_cut_num,
                                            opts.test_height,
                                            opts.test_width)

        out_name = "test_data_list"
        np.savez(out_name, te_low, te_high)

    elif opts.mode == "train_model": # fitting
        gpus = tf.config.list_physical_devices('GPU')
        if len(gpus) > 0:
            for g in gpus:
                tf.config.experimental.set_memory_growth(g, True)
                print('{} growth on: {}'.format(g, tf.config.experimental.get_memory_growth(g)))
        else:
            print("no GPU found")

        archive = np.load("train_data_list.npz")
        tr_low = archive["arr_0"]
        tr_high = archive["arr_1"]

        tr_low = tf.convert_to_tensor(tr_low, np.float32)
        tr_high = tf.convert_to_tensor(tr_high, np.float32)

        tr_low /= 255
        tr_high /= 255

        net = model.SRCNN()

        adam = tf.keras.optimizers.Adam(lr = opts.learning_rate)
        net.compile(loss = "mean_squared_error",
                        optimizer = adam,
                        metrics = [psnr])

        net.fit(tr_low,
                        tr_high,
                        epochs = opts.EPOCHS,
                        verbose = 2,
                        batch_size = opts.BATCH_SIZE)

        net.save("SRCNN_model.h5")

    elif opts.mode == "evaluate": # scoring
        gpus = tf.config.list_physical_devices('GPU')
        if len(gpus) > 0:
            for g in gpus:
                tf.config.experimental.set_memory_growth(g, True)
                print('{} growth on: {}'.format(g, tf.config.experimental.get_memory_growth(g)))
        else:
            print("no GPU found")

        out_dir = "result"
        os.makedirs(out_dir, exist_ok = True)

        archive = np.load("test_data_list.npz", allow_pickle = True)

        te_low = archive["arr_0"]
        te_high = archive["arr_1"]

        te_low = tf.convert_to_tensor(te_low, np.float32)
        te_high = tf.convert_to_tensor(te_high, np.float32)

        te_low /= 255
        te_high /= 255
            
        weights = "SRCNN_model.h5"

        if os.path.exists(weights):
            model = tf.keras.models.load_model(weights, custom_objects={'psnr':psnr})
            guess = model.predict(te_low, batch_size = 1)

            for n in range(len(te_high)):
                guess[n][guess[n] > 1] = 1
                guess[n][guess[n] < 0] = 0
                score_net = psnr(tf.reshape(te_high[n], [opts.test_height, opts.test_width, 1]), guess[n])
                score_cubic = psnr(tf.reshape(te_high[n], [opts.test_height, opts.test_width, 1]), tf.reshape(te_low[n], [opts.test_height, opts.test_width, 1]))

                low_pic = tf.keras.preprocessing.image.img_to_array(tf.reshape(te_low[n] * 255, [opts.test_height, opts.test_width]))
                cv2.imwrite(out_dir + "/" + str(n) + "_low" + ".jpg", low_pic)     # degraded
                high_pic = tf.keras.preprocessing.image.img_to_array(tf.reshape(te_high[n] * 255, [opts.test_height, opts.test_width]))
                cv2.imwrite(out_dir + "/" + str(n) + "_high" + ".jpg", high_pic)   # clean
                guess_pic = tf.keras.preprocessing.image.img_to_array(tf.reshape(guess[n] * 255, [opts.test_height, opts.test_width]))
                cv2.imwrite(out_dir + "/" + str(n) + "_pred" + ".jpg", guess_pic)   # restored

                print("idx:{}".format(n))
                print("psnr_net:{}".format(score_net))
                print("psnr_cubic:{}".format(score_cubic))
