"""
    Command-line training of the five-block CNN on iNaturalist-12K.

    Every architectural and training knob (input size, filter plan, first-layer
    filters, augmentation, batch norm, dropout, dense width, epochs, batch size,
    learning rate, weight decay, activation, classes, patience, saving, wandb)
    is a flag below.
"""

from cnn import FiveBlockCNN
from inat_data import build_loaders
from settings import *
import argparse
import wandb

if __name__ == '__main__':    
    parser = argparse.ArgumentParser(description="Train the five-block CNN with the given settings.")

    parser.add_argument("-wp", "--wandb_project", type=str, required=True,help="wandb project for the run.",default='inat-cnn-hw')

    
    parser.add_argument('-input_s',"--input_shape",type=int,default=256,choices=[256,128,400,224],help='side of the square input image')
    parser.add_argument('-f_org',"--filter_org",type=str,default='double',choices=['same','double','half'])
    parser.add_argument('-n_filters',"--num_filters",type=int,default=64,choices=[32,64,128])
    parser.add_argument('-data_aug',"--data_augmentation",type=bool,default=False,choices=[True,False],help='augment the training images')
    parser.add_argument('-bn',"--batch_norm",type=bool,default=True,choices=[True,False],help='batch normalization')
    parser.add_argument('-do',"--dropout",type=float,default=0.3,choices=[0.2,0.3,0.5,0.4,0.7,0.6],help='dropout rate')


    parser.add_argument('-ls',"--dense_layer_neurons",type=int,default=4192,help='width of the hidden dense layer')
    parser.add_argument("-we", "--wandb_entity", type=str, required=True,help="wandb entity.",default='student')    
    parser.add_argument("-e", "--epochs", type=int, default=25,help="Training epochs.")
    parser.add_argument("-b", "--batch_size", type=int, default=64,help="Batch size.")
    
    parser.add_argument("-lr", "--learning_rate", type=float, default=1e-4,help="Learning rate.")
    parser.add_argument("-w_d", "--weight_decay", type=float, default=0.00005,help="Weight decay.")

    parser.add_argument("-a", "--activation", type=str,default='selu', choices=['relu','tanh','mish','silu','selu','gelu','leaky_relu'], help="Activation.")
    parser.add_argument("--output_classes",type=int,default=10,help="Output classes.")
    parser.add_argument('-pc',"--patience_counter",type=int,default=10,help="Early-stopping patience")
    parser.add_argument('--save_model',type=bool,default=False,choices=[True,False],help="Save the best model")
    parser.add_argument('-logw',"--log_wandb",type=bool,default=False,choices=[True,False],help="Log to wandb")

    args = parser.parse_args()
    
    weight_decay = args.weight_decay
    activation = args.activation
    hidden_units = args.dense_layer_neurons
    lr = args.learning_rate
    weight_decay = args.weight_decay
    batch_size = args.batch_size
    n_out = args.output_classes
    dropout = args.dropout
    patience = args.patience_counter
    save_model = args.save_model
    log_wandb = args.log_wandb
    num_filters = args.num_filters
    filter_org = args.filter_org
    batch_norm = args.batch_norm
    input_shape = (args.input_shape,args.input_shape)
    data_aug = args.data_augmentation
    epochs = args.epochs

    if log_wandb:
        wandb.login()
        wandb.init(project=args.wandb_project,entity=args.wandb_entity)

    train_loader,val_loader,test_loader = build_loaders('../inaturalist_12K/',data_aug=data_aug,batch_size=batch_size,input_shape=input_shape)

    net = FiveBlockCNN(out_classes=n_out,n_dense_output_neuron=hidden_units,
                             num_filters=num_filters,activation=activation,filter_organisation=filter_org,
                             batch_normalization=batch_norm,dropout=dropout,input_shape=input_shape
                             )
    
    net.fit_loaders(train_data=train_loader,val_data=val_loader,lr=lr,epochs=epochs,
                        weight_decay=weight_decay,early_stopping_patience=patience,log_wandb=log_wandb,save_model=save_model)
    
