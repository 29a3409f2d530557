import torch


### SETTINGS
sequence_length = 25
input_size = output_size = sequence_length
num_hidden_layers = 1
hidden_size = 100
epochs = 100
batch_size = 1000
temperature = 1
stop_criterion = 4 # stop after the validation loss rises this many times

validation_size = 0.2 # share of the corpus held out

dropout = 0

### switches
overlap_data = False

GRU = True


### single-character stand-ins for the tune delimiters
use_custom_startend = False
start_sub = '$'
end_sub = ';'
start_orig = '<start>'
end_orig = '<end>'

prediction_length = 600
till_end = False
map_width = 20

### torch settings
GPU = torch.cuda.is_available()
print("CUDA is {}available ".format(['not ', ''][GPU]))

loss_function = torch.nn.CrossEntropyLoss()

cell_name = 'GRU' if GRU else 'LSTM'
### output file names

save_string = ('adam_'+cell_name+'_'+str(num_hidden_layers)+'lay_'+str(hidden_size)+'unit_'
            +str(sequence_length)+'seq_'+str(batch_size)+'batch_'+str(epochs)
            +'epoch_'+str(dropout)+'drop_'+str(temperature)+'temp')

save_file = ('bestmodel_'+save_string+'.txt')
# kept in case the run dies before the last epoch
save_file_progress = ('lastmodel_'+save_string+'.txt')
generate_best_file = ('bestmusic_'+save_string+'.txt')
generate_last_file = ('lastmusic_'+save_string+'.txt')
