// all.hpp: every catalogue file, for the test modules (one list of mistakes, tests/support/catalogue.hpp).
#pragma once

#include "catalogue/common.hpp"
#include "catalogue/01_rnn_loop.hpp"
#include "catalogue/02_qkv_projections.hpp"
#include "catalogue/03_softmax.hpp"
#include "catalogue/04_attention_by_hand.hpp"
#include "catalogue/05_scaling.hpp"
#include "catalogue/06_shape_rules.hpp"
#include "catalogue/07_cross_attention.hpp"
#include "catalogue/08_positional_encoding.hpp"
#include "catalogue/09_multi_head_attention.hpp"
#include "catalogue/10_transformer_blocks.hpp"
#include "catalogue/11_training.hpp"
#include "catalogue/12_encoder_decoder.hpp"
