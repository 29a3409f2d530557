''' Command line options for the VQA trainer '''

import argparse

def get_arguments():

    p = argparse.ArgumentParser()
    # architecture
    p.add_argument('-model'                  , type=str   , default='simple_mlp')
    p.add_argument('-num_hidden_units_mlp'   , type=int   , default=1024)
    p.add_argument('-num_hidden_units_lstm'  , type=int   , default=512)
    p.add_argument('-num_hidden_layers_mlp'  , type=int   , default=3)
    p.add_argument('-num_hidden_layers_lstm' , type=int   , default=1)
    p.add_argument('-dropout'                , type=float , default=0.5)
    p.add_argument('-activation_1'           , type=str   , default='tanh')
    p.add_argument('-activation_2'           , type=str   , default='relu')

    # optimisation
    p.add_argument('-seed'                   , type=int   , default=1337)
    p.add_argument('-optimizer'              , type=str   , default='rmsprop')
    p.add_argument('-nb_epoch'               , type=int   , default=300)
    p.add_argument('-nb_iter'                , type=int   , default=200000)
    p.add_argument('-model_save_interval'    , type=int   , default=19)
    p.add_argument('-batch_size'             , type=int   , default=128)

    # text side
    p.add_argument('-word_vector'            , type=str   , default='glove')
    p.add_argument('-word_emb_dim'           , type=int   , default=300)
    p.add_argument('-vocabulary_size'        , type=int   , default=12603)
    p.add_argument('-max_ques_length'        , type=int   , default=26)
    p.add_argument('-data_type'              , type=str   , default='TRAIN')

    # image side
    p.add_argument('-img_vec_dim'            , type=int   , default=2048)
    p.add_argument('-img_features'           , type=str   , default='resnet')
    p.add_argument('-img_normalize'          , type=int   , default=0)

    # outputs
    p.add_argument('-nb_classes'             , type=int   , default=1000)
    p.add_argument('-class_activation'       , type=str   , default='softmax')
    p.add_argument('-loss'                   , type=str   , default='categorical_crossentropy')
    p.add_argument('-save_folder'            , type=str   , default='')

    # files
    p.add_argument('-ans_file'               , type=str   , default='data/val_all_answers_dict.json')
    p.add_argument('-input_json'             , type=str   , default='data/data_prepro.json')
    p.add_argument('-input_img_h5'           , type=str   , default='data/data_img.h5')
    p.add_argument('-input_ques_h5'          , type=str   , default='data/data_prepro.h5')


    return p.parse_args()
