import pprint
import tensorflow as tf
from src.Estimators.las.model_fn import model_fn
from records_input import data_input_fn
from src.neural_network.LAS.LASNetData import LASNetData
from src.utils.Database import Database
from src.utils.LASLabel import LASLabel
from src.utils.ProjectData import ProjectData
import shutil

# -------------------------------------------------------------------------------------------------------------------- #
# paths and hyper-parameters
paths = ProjectData()

hp = LASNetData()
hp.model_path = paths.LAS_NET_MODEL_PATH
hp.checkpoint_path = paths.LAS_NET_CHECKPOINT_PATH
hp.tensorboard_path = paths.LAS_NET_TENSORBOARD_PATH

hp.num_classes = LASLabel.num_classes
hp.num_features = 494
hp.num_embeddings = 0
hp.sos_id = LASLabel.SOS_INDEX
hp.eos_id = LASLabel.EOS_INDEX
hp.noise_stddev = 0.1
hp.num_reduce_by_half = 0

hp.beam_width = 0

hp.num_dense_layers_1 = 2
hp.num_units_1 = [400] * hp.num_dense_layers_1
hp.dense_activations_1 = [tf.nn.relu] * hp.num_dense_layers_1
hp.batch_normalization_1 = True
hp.batch_normalization_trainable_1 = True
hp.keep_prob_1 = [0.8] * hp.num_dense_layers_1
hp.kernel_init_1 = [tf.truncated_normal_initializer(mean=0, stddev=0.1)] * hp.num_dense_layers_1
hp.bias_init_1 = [tf.zeros_initializer()] * hp.num_dense_layers_1

hp.listener_num_layers = 1
hp.listener_num_units = [512] * hp.listener_num_layers
hp.listener_activation_list = [tf.nn.tanh] * hp.listener_num_layers
hp.listener_keep_prob_list = [0.9] * hp.listener_num_layers

hp.num_dense_layers_2 = 0
hp.num_units_2 = [400]
hp.dense_activations_2 = [tf.nn.tanh] * hp.num_dense_layers_2
hp.batch_normalization_2 = True
hp.batch_normalization_trainable_2 = True
hp.keep_prob_2 = [0.8] * hp.num_dense_layers_2
hp.kernel_init_2 = [tf.truncated_normal_initializer(mean=0, stddev=0.1)] * hp.num_dense_layers_2
hp.bias_init_2 = [tf.zeros_initializer()] * hp.num_dense_layers_2

hp.attention_type = 'luong'       # 'luong', 'bahdanau'
hp.attention_num_layers = 1
hp.attention_size = None
hp.attention_units = 512
hp.attention_activation = tf.nn.tanh
hp.attention_keep_prob = 0.9

hp.kernel_regularizer = 0.0
hp.sampling_probability = 0.1

hp.learning_rate = 0.001
hp.use_learning_rate_decay = True
hp.learning_rate_decay_steps = 4000
hp.learning_rate_decay = 0.98

hp.clip_gradient = 0
hp.optimizer = 'adam'      # 'rms', 'adam', 'momentum', 'sgd'
hp.momentum = None

# pprint.pprint(hp.as_dict())
# -------------------------------------------------------------------------------------------------------------------- #

do_train = False
do_eval = False
do_test = False
dump_preds = True

keep_previous = True
run_dir = 'runs/las/estimator/'

train_recs = ['data/test_database_1.tfrecords']
eval_recs = ['data/test_database_1.tfrecords']
test_recs = ['data/train_database.tfrecords']
dump_recs = ['data/test_database_1.tfrecords', 'data/test_database_2.tfrecords']

bs_train = 5
n_epochs = 1

bs_eval = 20

# -------------------------------------------------------------------------------------------------------------------- #

if not keep_previous:
    try:
        shutil.rmtree(run_dir)
    except:
        pass

run_cfg = tf.estimator.RunConfig(
    model_dir=run_dir,
    save_checkpoints_steps=50,
    save_summary_steps=50,
    log_step_count_steps=50)


estimator = tf.estimator.Estimator(
    model_fn=model_fn,
    params=hp.as_dict(),
    config=run_cfg
)

tf.logging.set_verbosity(tf.logging.INFO)

if do_train:
    estimator.train(
        input_fn=lambda: data_input_fn(
            filenames=train_recs,
            batch_size=bs_train,
            parse_fn=Database.tfrecord_parse_dense_fn,
            shuffle_buffer=10,
            num_features=hp.num_features,
            num_epochs=n_epochs,
            eos_id=LASLabel.EOS_INDEX,
            sos_id=LASLabel.SOS_INDEX
        )
    )

if do_eval:
    estimator.evaluate(
        input_fn=lambda: data_input_fn(
            filenames=eval_recs,
            batch_size=bs_eval,
            parse_fn=Database.tfrecord_parse_dense_fn,
            shuffle_buffer=1,
            num_features=hp.num_features,
            eos_id=LASLabel.EOS_INDEX,
            sos_id=LASLabel.SOS_INDEX
        )
    )

if do_test:
    outs = estimator.predict(
        input_fn=lambda: data_input_fn(
            filenames=test_recs,
            batch_size=1,
            parse_fn=Database.tfrecord_parse_dense_fn,
            shuffle_buffer=1,
            num_features=hp.num_features,
            eos_id=LASLabel.EOS_INDEX,
            sos_id=LASLabel.SOS_INDEX
        )
    )
    n = 0
    for out in outs:
        text = out['sample_ids']
        n += 1
        print(str(n) + ': ' + LASLabel.from_index(text))
        if n > 5:
            break

if dump_preds:
    outs = estimator.predict(
        input_fn=lambda: data_input_fn(
            filenames=dump_recs,
            batch_size=1,
            parse_fn=Database.tfrecord_parse_dense_fn,
            shuffle_buffer=1,
            num_features=hp.num_features,
            eos_id=LASLabel.EOS_INDEX,
            sos_id=LASLabel.SOS_INDEX
        )
    )
    n = 0
    fh = open("/tmp/las_decoded.txt", "w")
    for out in outs:
        n += 1

        text = out['sample_ids']
        text = LASLabel.from_index(text)
        print(str(n) + ': ' + text)
        fh.write(text + '\n')
    fh.close()

